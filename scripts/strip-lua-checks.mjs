// Build step (scripts/bundle.mjs): fengari's internal assertions and API checks out of the
// programs, as C Lua compiles them out of its release builds (lua_assert; api_check unless
// LUA_USE_APICHECK). fengari keeps them as function calls whose conditions are evaluated for
// every VM instruction, call and push. Each call becomes `void 0`, valid wherever the call was.
import { readFile } from 'node:fs/promises';

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

/** esbuild plugin: fengari's sources without the checks. */
export const stripLuaChecksPlugin = {
  name: 'strip-lua-checks',
  setup(b) {
    b.onLoad({ filter: /[\\/](?:node_modules|packages)[\\/]fengari[\\/]src[\\/][^\\/]+\.js$/ }, async (args) => {
      // ldblib.js asserts on a call that does something (lua_getinfo in its hook function)
      if (/[\\/]ldblib\.js$/.test(args.path)) return undefined;
      return { contents: stripLuaChecks(await readFile(args.path, 'utf8')).code, loader: 'js' };
    });
  },
};
