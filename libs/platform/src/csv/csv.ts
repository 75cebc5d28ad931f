import { stringify, type Input } from 'csv-stringify/sync';

/** Characters that make a spreadsheet read a cell as a formula (OWASP "CSV Injection"). */
const FORMULA_START = /^[=+\-@\t\r]/;
/** A plain number (an amount such as -12.50) is data, not a formula, and stays usable as a number. */
const PLAIN_NUMBER = /^-?\d+(\.\d+)?$/;

/** A text cell a spreadsheet shows as text: a leading formula character gets a single quote before it. */
export function neutraliseCell(value: string): string {
  return FORMULA_START.test(value) && !PLAIN_NUMBER.test(value) ? `'${value}` : value;
}

/**
 * Every CSV the platform exports goes through here: a header row, every cell quoted (quotes doubled)
 * and formula-like text neutralised, so a store name or title typed by anyone opens as text.
 */
export function toCsv(columns: readonly string[], rows: Input): string {
  return stringify(rows, {
    header: true,
    columns: [...columns],
    quoted: true,
    quoted_empty: true,
    cast: { string: neutraliseCell },
  });
}
