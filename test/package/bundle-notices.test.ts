// The bundle carries the licences of what it bundles (bundle/THIRD-PARTY-NOTICES.txt): the
// packages from node_modules and our workspace packages, fengari among them (its MIT licence
// asks for its notice in every copy).
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { ROOT } from '../helpers/sysbench.js';

describe('third-party notices', () => {
  const notices = readFileSync(join(ROOT, 'bundle', 'THIRD-PARTY-NOTICES.txt'), 'utf8');
  const entry = (name: string): string | undefined => new RegExp(`^${name} [^\\n]+\\n-{72}\\n[\\s\\S]*?(?=\\n\\S+ \\S+ \\([^)]*\\)\\n-{72}|(?![\\s\\S]))`, 'm').exec(notices)?.[0];

  it('lists fengari, our workspace package, with the licence it came with', () => {
    const fengari = entry('fengari');
    expect(fengari).toBeDefined();
    expect(fengari).toContain('fengari 0.1.5 (MIT)');
    expect(fengari).toContain(readFileSync(join(ROOT, 'packages', 'fengari', 'LICENSE'), 'utf8').trim());
  });

  it('lists the packages from node_modules too', () => {
    for (const name of ['mysql2', 'pg', 'piscina']) expect(entry(name), name).toBeDefined();
  });
});
