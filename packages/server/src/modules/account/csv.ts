/**
 * CSV as spreadsheets read it (RFC 4180): every cell quoted when it holds a comma, semicolon, quote or line break
 * (a spreadsheet set to split at semicolons would otherwise read `x;=1+1` as two cells, the second a formula), and a cell
 * that starts with = + - @ (or a tab or carriage return) gets a leading apostrophe, so that opening an export in
 * Excel, LibreOffice or Google Sheets never runs a formula an alert's text carried (OWASP's CSV injection advice).
 * Numbers are written as they are: a negative P&L stays a number.
 */
const FORMULA_START = new Set(['=', '+', '-', '@', '\t', '\r']);

export type CsvValue = string | number | null | undefined;

export function csvCell(value: CsvValue): string {
  if (value === null || value === undefined) return '';
  if (typeof value === 'number') return Number.isFinite(value) ? String(value) : '';
  const text = FORMULA_START.has(value.charAt(0)) ? `'${value}` : value;
  return /[",;\r\n]/.test(text) ? `"${text.replace(/"/g, '""')}"` : text;
}

export function csvRow(values: readonly CsvValue[]): string {
  return `${values.map(csvCell).join(',')}\r\n`;
}
