/**
 * One CSV record (RFC 4180: comma-separated, CRLF-terminated; a cell holding a comma,
 * quote, CR or LF is quoted with quotes doubled). A text cell starting with `=`, `+`,
 * `-`, `@`, a tab or a CR is prefixed with `'` so spreadsheet programs show it as text
 * instead of running it as a formula (CSV injection). Numbers are written as numbers;
 * `null` and `undefined` as empty cells.
 */
export function csvRecord(
  cells: readonly (string | number | boolean | null | undefined)[],
): string {
  return `${cells.map(csvCell).join(',')}\r\n`;
}

function csvCell(value: string | number | boolean | null | undefined): string {
  if (value === null || value === undefined) return '';
  if (typeof value !== 'string') return String(value);
  const text = /^[=+\-@\t\r]/.test(value) ? `'${value}` : value;
  return /[",\r\n]/.test(text) ? `"${text.replaceAll('"', '""')}"` : text;
}
