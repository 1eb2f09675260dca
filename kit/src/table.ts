import { style } from './style.js';

export interface Column<Row> {
  header: string;
  value: (row: Row) => string;
}

/** A plain text table: bold headers, columns padded to their widest cell (measured before colouring). */
export function renderTable<Row>(columns: ReadonlyArray<Column<Row>>, rows: readonly Row[]): string {
  const cells = rows.map((row) => columns.map((column) => column.value(row)));
  const widths = columns.map((column, i) => Math.max(column.header.length, ...cells.map((line) => line[i]!.length)));
  const pad = (values: string[]): string[] => values.map((value, i) => (i === values.length - 1 ? value : value.padEnd(widths[i]!)));
  const header = pad(columns.map((column) => column.header)).map((value) => style.bold(value));
  return [header.join('  '), ...cells.map((line) => pad(line).join('  '))].join('\n');
}
