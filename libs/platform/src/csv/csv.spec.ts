import { describe, expect, it } from '@jest/globals';
import { parse } from 'csv-parse/sync';
import { neutraliseCell, toCsv } from './csv.js';

describe('toCsv', () => {
  it('quotes every cell and puts a single quote before a cell starting with = + - @ tab or CR', () => {
    const hostile = [
      '=HYPERLINK("http://evil","x")',
      '+1+1',
      '-2+3',
      '@SUM(A1)',
      '\t=1',
      '\r=1',
      'Plain "quoted" shop',
      '',
      '-12.50',
    ];
    const csv = toCsv(['a', 'b', 'c', 'd', 'e', 'f', 'g', 'h', 'i'], [hostile]);
    expect(csv.split('\n')[0]).toBe('"a","b","c","d","e","f","g","h","i"');
    const [row] = parse(csv, { columns: true }) as Record<string, string>[];
    expect(Object.values(row)).toEqual([
      '\'=HYPERLINK("http://evil","x")',
      "'+1+1",
      "'-2+3",
      "'@SUM(A1)",
      "'\t=1",
      "'\r=1",
      'Plain "quoted" shop',
      '',
      '-12.50',
    ]);
  });

  it('leaves ordinary text and plain numbers alone', () => {
    expect(neutraliseCell('Beach album')).toBe('Beach album');
    expect(neutraliseCell('-5')).toBe('-5');
    expect(neutraliseCell('-5e3')).toBe("'-5e3");
  });
});
