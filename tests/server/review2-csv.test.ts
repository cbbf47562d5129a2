// CSV exports neutralise formulas at the start of a cell and after any separator a spreadsheet
// might split on (`,` `;` tab, pipe, a line break), so a name like `a;=HYPERLINK(…)` stays text.
import { describe, expect, it } from 'vitest';
import { csvCell } from '../../server/http/admin-list';

/** The pieces a spreadsheet set to `separator` would make of the cell's text. */
const piecesOf = (cell: string, separator: RegExp) =>
  (cell.startsWith('"') ? cell.slice(1, -1).replace(/""/g, '"') : cell).split(separator).map((p) => p.replace(/^[ \t\r]+/, ''));

describe('CSV cells', () => {
  it.each([
    '=1+1',
    '+SUM(A1)',
    '-2+3',
    '@cmd',
    'Amara;=HYPERLINK("http://evil.example","x")',
    'Amara; =cmd|" /C calc"!A0',
    'Amara,=1+1',
    'Amara\t=1+1',
    'Amara|=1+1',
    'Amara\n@SUM(1)',
    'Amara;\t+1',
  ])('never leaves a formula in %j, whatever the separator', (value) => {
    const cell = csvCell(value);
    for (const separator of [/,/, /;/, /\t/, /\|/, /\r?\n|\r/]) {
      for (const piece of piecesOf(cell, separator)) expect(piece, `${cell} split on ${separator}`).not.toMatch(/^[=+\-@]/);
    }
  });

  it('keeps plain text as it was and quotes what needs it', () => {
    expect(csvCell('Amara Okafor')).toBe('Amara Okafor');
    expect(csvCell('Okafor, Amara')).toBe('"Okafor, Amara"');
    expect(csvCell('a;b')).toBe('"a;b"');
    expect(csvCell(12)).toBe('12');
    expect(csvCell(null)).toBe('');
  });
});
