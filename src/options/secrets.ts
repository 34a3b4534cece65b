// Secret options (--mysql-password, --pgsql-password, any option whose name contains
// "password") are never echoed: wherever we print or record the command line (the JSON
// report's argv, merged reports, error messages), their values are masked.

export const MASK = '***';

/** Whether an option name (as spelled: dashes or underscores, any case) holds a secret. */
export function isSecretOption(name: string): boolean {
  return /password/i.test(name);
}

/** One command-line word with a secret option's value masked (`--mysql-password=***`). */
export function maskArg(word: string): string {
  const m = /^(-+)([^=]*)=/.exec(word);
  if (!m || !isSecretOption(m[2])) return word;
  return `${m[0]}${MASK}`;
}

/** The command line with every secret value masked. */
export function maskArgv(argv: readonly string[]): string[] {
  return argv.map(maskArg);
}
