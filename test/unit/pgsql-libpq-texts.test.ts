// The libpq behaviours the pgsql driver reproduces without a server: PQcmdTuples() (which
// decides write vs other) and the error cursor of PQerrorMessage() ("LINE n: ..." and the
// caret, cut to about 60 columns around the position). Expected texts are libpq 15's, as
// the reference binary prints them.
import { describe, expect, it } from 'vitest';
import { cmdTuples, errorCursor, serverErrorReport } from '../../src/drivers/pgsql/libpq-texts.js';

describe('PQcmdTuples()', () => {
  it.each([
    ['INSERT 0 5', 5], ['INSERT 0 0', 0], ['UPDATE 12', 12], ['DELETE 1', 1], ['SELECT 7', 7], ['MERGE 3', 3],
    ['FETCH 2', 2], ['MOVE 4', 4], ['COPY 100', 100], ['BEGIN', 0], ['CREATE TABLE', 0], ['DROP TABLE', 0],
    ['COMMIT', 0], ['UPDATE x', 0],
  ])('%s → %d', (tag, n) => {
    expect(cmdTuples(tag as string)).toBe(n);
  });
});

describe('error cursor', () => {
  it('marks the position on a short line', () => {
    expect(errorCursor('SELECT * FROM nonexisting', 15)).toBe(
      'LINE 1: SELECT * FROM nonexisting\n' +
      '                      ^\n');
  });

  it('cuts a long line on both sides around the position', () => {
    const q = 'SELECT a, b, c, d, e, f, g, h, i, j, k, l, m, n, o, p, q, r, s, t, u, v, w, x, y, z FROM nonexisting WHERE a = 1 AND b = 2 AND c = 3';
    expect(errorCursor(q, q.indexOf('nonexisting') + 1)).toBe(
      'LINE 1: ... l, m, n, o, p, q, r, s, t, u, v, w, x, y, z FROM nonexistin...\n' +
      '                                                             ^\n');
  });

  it('cuts a long line on the right when the position is near its start', () => {
    const q = 'SELECT aaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaa + 1 FROM t WHERE x = 1 AND y = 2 AND z = 3';
    expect(errorCursor(q, 8)).toBe(
      'LINE 1: SELECT aaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaa...\n' +
      '               ^\n');
  });

  it('counts lines (\\r\\n is one break) and shows tabs as spaces', () => {
    const q = 'SELECT 1,\n\t2,\n  3 FROM\r\nnonexisting2 WHERE\n x = 1';
    expect(errorCursor(q, q.indexOf('nonexisting2') + 1)).toBe(
      'LINE 4: nonexisting2 WHERE\n' +
      '        ^\n');
    const r = 'SELECT 1,\n\tnosuch,\n  3 FROM\r\nt WHERE\n x = 1';
    expect(errorCursor(r, r.indexOf('nosuch') + 1)).toBe(
      'LINE 2:  nosuch,\n' +
      '         ^\n');
  });

  it('builds the whole PQerrorMessage() text', () => {
    const e = Object.assign(new Error('relation "nonexisting" does not exist'), { severity: 'ERROR', code: '42P01', position: '15' });
    expect(serverErrorReport(e, 'SELECT * FROM nonexisting')).toBe(
      'ERROR:  relation "nonexisting" does not exist\n' +
      'LINE 1: SELECT * FROM nonexisting\n' +
      '                      ^\n');
    const f = Object.assign(new Error('role "x" does not exist'), { severity: 'FATAL', code: '28000', detail: 'd', hint: 'h' });
    expect(serverErrorReport(f, null)).toBe('FATAL:  role "x" does not exist\nDETAIL:  d\nHINT:  h\n');
  });
});
