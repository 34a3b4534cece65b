// The --config-file format, as sysbench 1.0.20 reads it (read_config() in sb_options.c):
//
// - the file is read in chunks of at most 255 bytes, each ending at a newline (fgets with a
//   256-byte buffer): a longer line is read as several "lines";
// - a line without '=' is ignored; otherwise everything before the first '=' is the option
//   name, verbatim (spaces included, so "threads = 4" names an option "threads ");
// - after '=' come values: whitespace between them is skipped, a '#' where a value would
//   start ends the line, a value is either quoted ('...' or "...", then anything up to the
//   next ',' is skipped) or runs up to the next ',' or whitespace (which is consumed);
// - an unterminated quote prints "unexpected EOL on line N" on stderr and stops reading the
//   file; what was read so far (including the values of that line) stays.
//
// Values are stored raw: no type conversion or validation happens (a bool option given
// "off" in a config file has a value, so it reads as on).
import { isCSpace } from './values.js';
import { strerror } from '../format/errno.js';

export interface ConfigEntry {
  /** option name exactly as written before '=' */
  readonly name: string;
  readonly values: string[];
}

export interface ConfigParse {
  readonly entries: ConfigEntry[];
  /** set when reading stopped on an unterminated quote (1-based chunk number) */
  readonly errorLine: number | null;
}

const CHUNK_MAX = 255;

function toBinary(data: string | Uint8Array): string {
  const buf = typeof data === 'string' ? Buffer.from(data, 'utf8') : Buffer.from(data);
  // fgets stops at a NUL byte as far as the string functions are concerned: emulate by cutting
  return buf.toString('latin1');
}

function fromBinary(s: string): string {
  return Buffer.from(s, 'latin1').toString('utf8');
}

/** Splits file content the way successive fgets(buf, 256, fp) calls return it. */
export function fgetsChunks(data: string | Uint8Array): string[] {
  const s = toBinary(data);
  const chunks: string[] = [];
  let pos = 0;
  while (pos < s.length) {
    const nl = s.indexOf('\n', pos);
    let end = nl < 0 ? s.length : nl + 1;
    if (end - pos > CHUNK_MAX) end = pos + CHUNK_MAX;
    chunks.push(s.slice(pos, end));
    pos = end;
  }
  return chunks;
}

/** Parses config file content into entries, in file order. */
export function parseConfigText(data: string | Uint8Array): ConfigParse {
  const entries: ConfigEntry[] = [];
  const chunks = fgetsChunks(data);
  for (let n = 0; n < chunks.length; n++) {
    // C strings end at the first NUL byte
    const nul = chunks[n].indexOf('\0');
    const line = nul >= 0 ? chunks[n].slice(0, nul) : chunks[n];
    const eq = line.indexOf('=');
    if (eq < 0) continue;
    const entry: ConfigEntry = { name: fromBinary(line.slice(0, eq)), values: [] };
    entries.push(entry);
    const rest = line.slice(eq + 1);
    let i = 0;
    while (i < rest.length) {
      const c = rest[i];
      if (isCSpace(c)) {
        i++;
        continue;
      }
      if (c === '#') break;
      if (c === "'" || c === '"') {
        const close = rest.indexOf(c, i + 1);
        if (close < 0) return { entries, errorLine: n + 1 };
        entry.values.push(fromBinary(rest.slice(i + 1, close)));
        i = close + 1;
        while (i < rest.length && rest[i] !== ',') i++;
        if (rest[i] === ',') i++;
      } else {
        let j = i;
        while (j < rest.length && rest[j] !== ',' && !isCSpace(rest[j])) j++;
        entry.values.push(fromBinary(rest.slice(i, j)));
        i = j < rest.length ? j + 1 : j;
      }
    }
  }
  return { entries, errorLine: null };
}

/** The stderr line sysbench prints for an unterminated quote. */
export function configEolMessage(line: number): string {
  return `unexpected EOL on line ${line}\n`;
}

/** perror(path) text for a failed open, as glibc words it. */
export function perrorText(path: string, err: unknown): string {
  const code = (err as { code?: unknown } | null)?.code;
  const text = (typeof code === 'string' ? strerror(code) : undefined) ?? (err instanceof Error ? err.message : String(err));
  return `${path}: ${text}\n`;
}
