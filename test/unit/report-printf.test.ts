// printf-compatible number formatting: glibc rounds exact ties to even and
// prints 0/0 as "-nan"; LuaJIT rounds ties away from zero and prints "nan".
// Expected strings were produced by a C program and by sysbench's LuaJIT.
import { describe, expect, it } from 'vitest';
import { fmtFixed, fmtInt } from '../../src/format/printf.js';

const c = (x: number, p: number, width?: number): string => fmtFixed(x, p, { width });
const lua = (x: number, p: number, width?: number): string => fmtFixed(x, p, { width, dialect: 'lua' });

describe('fmtFixed / fmtInt', () => {
  it('matches glibc printf on ties and specials', () => {
    // printf("[%4.2f] [%4.2f] [%4.2f] [%.0f] [%.0f] [%4.2f] [%.4f] [%3.2f]",
    //        0.0/0.0, 1/0.0, -1/0.0, 2.5, 3.5, 0.125, 0.03125, -0.0)
    expect([c(NaN, 2, 4), c(Infinity, 2, 4), c(-Infinity, 2, 4), c(2.5, 0), c(3.5, 0), c(0.125, 2, 4), c(0.03125, 4), c(-0, 2, 3)])
      .toEqual(['-nan', ' inf', '-inf', '2', '4', '0.12', '0.0312', '-0.00']);
  });

  it('matches LuaJIT string.format on ties and specials', () => {
    // string.format("[%4.2f] [%4.2f] [%4.2f] [%.0f] [%.0f] [%4.2f] [%4.0f]", 0/0, 1/0, -1/0, 2.5, 3.5, 0.125, 2.5)
    expect([lua(NaN, 2, 4), lua(Infinity, 2, 4), lua(-Infinity, 2, 4), lua(2.5, 0), lua(3.5, 0), lua(0.125, 2, 4), lua(2.5, 0, 4)])
      .toEqual([' nan', ' inf', '-inf', '3', '4', '0.13', '   3']);
    // string.format("[%4.2f] [%.4f] [%4.2f]", 1e22, 0.03125, 1.005)
    expect([lua(1e22, 2, 4), lua(0.03125, 4), lua(1.005, 2, 4)]).toEqual(['10000000000000000000000.00', '0.0313', '1.00']);
  });

  it('rounds on the exact binary value, not the shortest decimal', () => {
    // 1.005 is 1.00499999999999989... ; 0.145 is 0.14499999999999999 ; 2.675 -> 2.67
    expect(c(1.005, 2)).toBe('1.00');
    expect(c(0.145, 2)).toBe('0.14');
    expect(c(2.675, 2)).toBe('2.67');
    expect(c(1423.365, 2)).toBe((1423.365).toFixed(2)); // no tie: both agree
    expect(c(1e22, 2)).toBe('10000000000000000000000.00');
    expect(c(123456789.987654, 4)).toBe('123456789.9877');
    expect(c(0.000049, 4)).toBe('0.0000');
  });

  it('pads to the field width, right-aligned unless "-"', () => {
    expect(c(4.5678, 2, 39)).toBe(' '.repeat(35) + '4.57');
    expect(fmtFixed(3.14159, 2, { width: 8, left: true })).toBe('3.14    ');
    expect(fmtInt(5699, 6, true)).toBe('5699  ');
    expect(fmtInt(113980, 6, true)).toBe('113980');
    expect(fmtInt(95, 3)).toBe(' 95');
    expect(fmtInt(100, 3)).toBe('100');
    expect(fmtInt(123n)).toBe('123');
    expect(fmtInt(2 ** 60)).toBe('1152921504606846976');
  });
});
