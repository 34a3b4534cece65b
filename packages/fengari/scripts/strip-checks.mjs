#!/usr/bin/env node
// The package's build step: release/, the VM's sources without its internal assertions and API
// checks, as C Lua compiles them out of its release builds (lua_assert; api_check unless
// LUA_USE_APICHECK). fengari keeps them as function calls whose conditions are evaluated for
// every VM instruction, call and push; each call becomes `void 0`, valid wherever the call was.
// The package's exports name release/ (`fengari`, `fengari/src/*.js`), so that the project's
// tests, its dist/ and its bundle all run the code that ships; upstream's tests (test/) load
// src/ by relative paths. Run by the project's `npm run build` (and so by `npm ci`).
import { mkdirSync, readdirSync, readFileSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

const CALL = /(?<![\w$.])(?:lualib\.)?(?:lua_assert|api_check)\(/g;

/** Index just past the `)` closing the call whose arguments start at `from`. */
function closeParen(src, from) {
  let depth = 1;
  for (let i = from; i < src.length; i++) {
    const c = src[i];
    if (c === '"' || c === "'" || c === '`') {
      // a string argument (api_check's message): skip it, escapes included
      for (i++; i < src.length && src[i] !== c; i++) if (src[i] === '\\') i++;
    } else if (c === '(') {
      depth++;
    } else if (c === ')' && --depth === 0) {
      return i + 1;
    }
  }
  throw new Error('strip-lua-checks: unbalanced call');
}

/** The source with every lua_assert(...) and api_check(...) call replaced; and how many. */
export function stripLuaChecks(src) {
  let out = '';
  let last = 0;
  let count = 0;
  for (const m of src.matchAll(CALL)) {
    if (m.index < last) continue; // inside an argument of a call already removed
    // a mention in a comment stays as it is
    const lineStart = src.lastIndexOf('\n', m.index) + 1;
    if (/\/\/|^\s*\*|\/\*/.test(src.slice(lineStart, m.index))) continue;
    const end = closeParen(src, m.index + m[0].length);
    out += src.slice(last, m.index) + 'void 0';
    last = end;
    count++;
  }
  return { code: out + src.slice(last), count };
}

const PACKAGE = join(dirname(fileURLToPath(import.meta.url)), '..');

/** Writes release/ from src/ (a fresh folder, put in place whole). */
export function buildRelease(pkg = PACKAGE) {
  const src = join(pkg, 'src');
  const tmp = join(pkg, 'release.tmp');
  rmSync(tmp, { recursive: true, force: true });
  mkdirSync(tmp);
  let count = 0;
  for (const f of readdirSync(src).filter((n) => n.endsWith('.js')).sort()) {
    const text = readFileSync(join(src, f), 'utf8');
    // ldblib.js asserts on a call that does something (lua_getinfo in its hook function)
    const out = f === 'ldblib.js' ? { code: text, count: 0 } : stripLuaChecks(text);
    writeFileSync(join(tmp, f), out.code);
    count += out.count;
  }
  rmSync(join(pkg, 'release'), { recursive: true, force: true });
  renameSync(tmp, join(pkg, 'release'));
  return count;
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const n = buildRelease();
  process.stdout.write(`fengari: release/ (${n} checks left out)\n`);
}
