// Text parameters that are all ASCII (sysbench's ids, numbers as text, the c/pad strings): their
// UTF-8 bytes are their character codes, so the drivers size and write them without an encoder.

/** Whether every character of `v` is ASCII (its UTF-8 length is its length). */
export function isAsciiText(v: string): boolean {
  for (let i = 0; i < v.length; i++) if (v.charCodeAt(i) > 0x7f) return false;
  return true;
}

/**
 * Writes ASCII text `s` at b[o]; returns the offset after it. Short text byte by byte (Buffer's
 * write checks its arguments, which costs more than a few bytes), longer text as Latin-1.
 */
export function writeAscii(b: Buffer, o: number, s: string): number {
  const n = s.length;
  if (n < 64) for (let j = 0; j < n; j++) b[o + j] = s.charCodeAt(j);
  else b.write(s, o, n, 'latin1');
  return o + n;
}
