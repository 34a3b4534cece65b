// Lua strings are bytes; JS strings are UTF-16. Between the two we decode UTF-8 and keep every
// byte that is not valid UTF-8 as a lone surrogate U+DC80..U+DCFF ("surrogate escape"), and
// encode those back to the byte. So "\255\254" printed by a script, given in an option or read
// from the server comes out as the same bytes, while text stays ordinary JS text.

const fatalUtf8 = new TextDecoder('utf-8', { fatal: true });
/** a lone escape unit (not the low half of a surrogate pair) */
const ESCAPE = /(?<![\uD800-\uDBFF])[\uDC80-\uDCFF]/;

/** Whether `s` holds escaped bytes (so Buffer.from(s, 'utf8') would lose them). */
export function hasEscapedBytes(s: string): boolean {
  return ESCAPE.test(s);
}

/** UTF-8 bytes to text, invalid bytes kept as escapes. */
export function decodeBytes(b: Uint8Array): string {
  try {
    return fatalUtf8.decode(b);
  } catch {
    return decodeLenient(b);
  }
}

/** Length of the valid UTF-8 sequence at b[i] (1..4), or 0. */
function seqLength(b: Uint8Array, i: number): number {
  const c = b[i];
  const cont = (k: number): boolean => i + k < b.length && (b[i + k] & 0xc0) === 0x80;
  if (c < 0x80) return 1;
  if (c >= 0xc2 && c <= 0xdf) return cont(1) ? 2 : 0;
  if (c >= 0xe0 && c <= 0xef) {
    if (!cont(1) || !cont(2)) return 0;
    const c1 = b[i + 1];
    if (c === 0xe0 && c1 < 0xa0) return 0; // overlong
    if (c === 0xed && c1 >= 0xa0) return 0; // a surrogate
    return 3;
  }
  if (c >= 0xf0 && c <= 0xf4) {
    if (!cont(1) || !cont(2) || !cont(3)) return 0;
    const c1 = b[i + 1];
    if (c === 0xf0 && c1 < 0x90) return 0;
    if (c === 0xf4 && c1 >= 0x90) return 0;
    return 4;
  }
  return 0;
}

function decodeLenient(b: Uint8Array): string {
  let out = '';
  let i = 0;
  while (i < b.length) {
    const n = seqLength(b, i);
    if (n === 0) {
      out += String.fromCharCode(0xdc00 + b[i]);
      i++;
    } else {
      out += Buffer.from(b.buffer, b.byteOffset + i, n).toString('utf8');
      i += n;
    }
  }
  return out;
}

/** Text to UTF-8 bytes, escapes back to their bytes. */
export function encodeText(s: string): Buffer {
  if (!hasEscapedBytes(s)) return Buffer.from(s, 'utf8');
  const parts: Buffer[] = [];
  let from = 0;
  for (let i = 0; i < s.length; i++) {
    const c = s.charCodeAt(i);
    if (c >= 0xdc80 && c <= 0xdcff && !(i > 0 && s.charCodeAt(i - 1) >= 0xd800 && s.charCodeAt(i - 1) <= 0xdbff)) {
      parts.push(Buffer.from(s.slice(from, i), 'utf8'), Buffer.of(c - 0xdc00));
      from = i + 1;
    }
  }
  parts.push(Buffer.from(s.slice(from), 'utf8'));
  return Buffer.concat(parts);
}
