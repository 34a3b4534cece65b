// The companion command's grammar (yargs): subcommands with their --help, completion, and
// yargs' errors for mistakes.
import { describe, expect, it } from 'vitest';
import { companion } from '../../helpers/companion.js';

describe('sysbench-ts', () => {
  it('--help lists the subcommands', () => {
    const r = companion(['--help']);
    expect(r.code).toBe(0);
    for (const c of ['merge <reports..>', 'plot <reports..>', 'study', 'server <action>', 'completion']) {
      expect(r.stdout).toContain(`sysbench-ts ${c}`);
    }
  });

  it.each([['merge'], ['plot'], ['study'], ['server'], ['completion']])('%s --help', (cmd) => {
    const r = companion([cmd, '--help']);
    expect(r.code, r.stderr).toBe(0);
    expect(r.stdout).toContain(`sysbench-ts ${cmd}`);
  });

  it('merge --help documents its options', () => {
    const r = companion(['merge', '--help']);
    for (const o of ['--json-report', '--percentile', '--histogram']) expect(r.stdout).toContain(o);
  });

  it('study --help lists every seed study, and a study prints its own --help', () => {
    const r = companion(['study', '--help']);
    for (const n of ['000-innodb-vs-myrocks', '001-load-and-index', '002-legacy-point-selects', '003-io-bound-tables', '004-update-engines']) {
      expect(r.stdout).toContain(`sysbench-ts study ${n}`);
    }
    const s = companion(['study', '002', '--help']);
    expect(s.code).toBe(0);
    expect(s.stdout).toContain('Study 002: sysbench 0.5 read-only point selects by number of clients');
    expect(s.stdout).toContain('--chart=STRING');
  });

  it('a study option error is the study\'s own', () => {
    const s = companion(['study', '002', '--no-such-option=1']);
    expect(s.code).toBe(2);
    expect(s.stderr).toContain('unknown option --no-such-option');
  });

  it('completion prints a shell script', () => {
    const r = companion(['completion']);
    expect(r.code).toBe(0);
    expect(r.stdout).toMatch(/sysbench-ts/);
    expect(r.stdout).toMatch(/complete|compdef/);
  });

  it('mistakes get yargs messages and exit 1', () => {
    const none = companion([]);
    expect(none.code).toBe(1);
    expect(none.stderr).toContain('name a command');
    const unknown = companion(['mrege', 'a.json']);
    expect(unknown.code).toBe(1);
    expect(unknown.stderr).toMatch(/Unknown argument|Did you mean merge/);
    const bad = companion(['server', 'restart']);
    expect(bad.code).toBe(1);
    expect(bad.stderr).toMatch(/Invalid values/);
    const noFile = companion(['plot', 'x.json']);
    expect(noFile.code).toBe(1);
    expect(noFile.stderr).toMatch(/Missing required argument: output/);
  });

  it('server status runs the private MariaDB script', () => {
    const r = companion(['server', 'status', '--dir=/nonexistent/sbts-companion']);
    expect(r.code).toBe(3);
    expect(r.stdout).toContain('No private MariaDB in /nonexistent/sbts-companion');
  });
});
