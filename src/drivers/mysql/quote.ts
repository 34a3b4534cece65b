// A string literal as mysql_real_escape_string() writes one for the server's default
// sql_mode (backslash escapes on): NUL, newline, carriage return, backslash, both quotes
// and Ctrl-Z are escaped; every other byte, multi-byte UTF-8 included, is copied.

const SPECIAL = /[\0\n\r\\'"\x1a]/;
const SPECIAL_ALL = /[\0\n\r\\'"\x1a]/g;
const ESCAPES: Record<string, string> = {
  '\0': '\\0',
  '\n': '\\n',
  '\r': '\\r',
  '\\': '\\\\',
  "'": "\\'",
  '"': '\\"',
  '\x1a': '\\Z',
};

export function mysqlQuote(value: string): string {
  if (!SPECIAL.test(value)) return "'" + value + "'";
  return "'" + value.replace(SPECIAL_ALL, (c) => ESCAPES[c]) + "'";
}
