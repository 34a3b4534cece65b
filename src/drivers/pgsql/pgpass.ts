// libpq's password file: ~/.pgpass (or $PGPASSFILE), lines host:port:database:user:password
// with '*' wildcards and backslash escapes.
import { existsSync, readFileSync } from 'node:fs';
import { homedir } from 'node:os';
import { join } from 'node:path';

/** The password of the first line matching the connection, as libpq looks it up. */
export function pgpassLookup(host: string, port: string, db: string, user: string): string | null {
  const file = process.env.PGPASSFILE || join(homedir(), '.pgpass');
  let text: string;
  try {
    if (!existsSync(file)) return null;
    text = readFileSync(file, 'utf8');
  } catch {
    return null;
  }
  const hostKey = host.startsWith('/') || host === '' ? 'localhost' : host;
  for (const raw of text.split('\n')) {
    const line = raw.replace(/\r$/, '');
    if (line === '' || line.startsWith('#')) continue;
    const fields: string[] = [];
    let cur = '';
    for (let i = 0; i < line.length; i++) {
      const c = line[i];
      if (c === '\\' && i + 1 < line.length) cur += line[++i];
      else if (c === ':' && fields.length < 4) { fields.push(cur); cur = ''; }
      else cur += c;
    }
    fields.push(cur);
    if (fields.length < 5) continue;
    const match = (pat: string, v: string): boolean => pat === '*' || pat === v;
    if (match(fields[0], hostKey) && match(fields[1], port) && match(fields[2], db) && match(fields[3], user)) {
      return fields[4];
    }
  }
  return null;
}
