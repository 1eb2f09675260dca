/**
 * One CSV record (RFC 4180): fields with a comma, quote or line break are quoted, quotes doubled.
 * A text field that a spreadsheet would read as a formula (=, +, -, @, tab, carriage return first)
 * gets a leading apostrophe (OWASP, "CSV Injection"): names and subjects come from API callers.
 * Lists are joined with spaces.
 */
export function csvRecord(values: readonly unknown[]): string {
  return `${values.map(csvField).join(',')}\r\n`;
}

function csvField(value: unknown): string {
  if (value === null || value === undefined) return '';
  if (typeof value === 'number' || typeof value === 'boolean') return String(value);
  let text = Array.isArray(value) ? value.join(' ') : typeof value === 'string' ? value : JSON.stringify(value);
  if (/^[=+\-@\t\r]/.test(text)) text = `'${text}`;
  return /[",\r\n]/.test(text) ? `"${text.replace(/"/g, '""')}"` : text;
}
