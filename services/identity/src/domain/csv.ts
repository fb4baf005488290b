// CSV (RFC 4180) that is also safe to open in a spreadsheet: a cell that starts with = + - @ or a
// tab/return would be run as a formula, so it is prefixed with an apostrophe (OWASP "CSV Injection").

const FORMULA_START = /^[=+\-@\t\r]/;

export function csvCell(value: string): string {
  const safe = FORMULA_START.test(value) ? `'${value}` : value;
  return /[",\r\n]/.test(safe) ? `"${safe.replaceAll('"', '""')}"` : safe;
}

export function toCsv(header: string[], rows: string[][]): string {
  return [header, ...rows].map((row) => row.map(csvCell).join(',')).join('\r\n') + '\r\n';
}
