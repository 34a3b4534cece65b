// Plain-text result tables in the shapes of the seed documents.

/**
 * Formats rows under headers. A header may span lines ('load\nsecs'); `align` per column:
 * 'r' (numbers, the default) or 'l'. Columns are separated by `gap` spaces.
 * @param {string[]} headers
 * @param {(string | number)[][]} rows
 * @param {{ align?: string, gap?: number }} [o]
 */
export function formatTable(headers, rows, { align = '', gap = 3 } = {}) {
  const head = headers.map((h) => String(h).split('\n'));
  const depth = Math.max(...head.map((h) => h.length));
  const text = rows.map((r) => r.map((c) => (c === null || c === undefined ? '' : String(c))));
  // a row's spanning note (its last cell, when it is short) does not widen the columns
  const cells = (r, i) => (r.length < headers.length && i === r.length - 1 ? '' : r[i] ?? '');
  const width = headers.map((_, i) => Math.max(...head[i].map((l) => l.length), ...text.map((r) => cells(r, i).length)));
  const pad = (s, i, a) => (a === 'l' ? s.padEnd(width[i]) : s.padStart(width[i]));
  const lines = [];
  for (let d = 0; d < depth; d++) {
    // short headers sit on the bottom lines
    lines.push(head.map((h, i) => pad(h[d - (depth - h.length)] ?? '', i, align[i] ?? 'r')).join(' '.repeat(gap)).trimEnd());
  }
  for (const r of text) {
    // a short row ends with a note spanning the remaining columns
    if (r.length < headers.length) {
      lines.push([...r.slice(0, -1).map((c, i) => pad(c, i, align[i] ?? 'r')), r[r.length - 1]].join(' '.repeat(gap)).trimEnd());
    } else lines.push(r.map((c, i) => pad(c, i, align[i] ?? 'r')).join(' '.repeat(gap)).trimEnd());
  }
  return lines.join('\n') + '\n';
}

/** numbers as the documents print them */
export const fixed = (v, digits = 2) => (v === null || v === undefined || Number.isNaN(v) ? '-' : Number(v).toFixed(digits));
export const whole = (v) => (v === null || v === undefined || Number.isNaN(v) ? '-' : String(Math.round(v)));

/** "+2.6%" / "-5.5%": b relative to a */
export function percent(b, a) {
  if (!a || a === 0 || b === null || b === undefined) return '-';
  const p = ((b - a) / a) * 100;
  return `${p >= 0 ? '+' : ''}${p.toFixed(1)}%`;
}

/** seconds with the precision that matters at their size */
export const secs = (v) => (v === null || v === undefined || Number.isNaN(v) ? '-' : Number(v).toFixed(v >= 100 ? 0 : v >= 10 ? 1 : 2));
