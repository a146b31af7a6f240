import { describe, expect, it } from 'vitest';
import { csvCell, csvRow } from './csv';

describe('CSV cells', () => {
  it.each([
    ['=SUM(A1:A9)', "'=SUM(A1:A9)"],
    ['+1 buy', "'+1 buy"],
    ['-cmd', "'-cmd"],
    ['@SUM(1)', "'@SUM(1)"],
    ['\tindent', "'\tindent"],
  ])('should write %j, which a spreadsheet would run, as text', (value, written) => {
    expect(csvCell(value)).toBe(written);
  });

  it('should quote commas, quotes and line breaks, and leave numbers (negative ones too) as numbers', () => {
    expect(csvCell('a,b')).toBe('"a,b"');
    expect(csvCell('say "hi"')).toBe('"say ""hi"""');
    expect(csvCell('=1,"2"')).toBe('"\'=1,""2"""');
    expect(csvCell('two\nlines')).toBe('"two\nlines"');
    expect(csvCell(-12.5)).toBe('-12.5');
    expect(csvCell(null)).toBe('');
    expect(csvRow(['BTC', 1, null])).toBe('BTC,1,\r\n');
  });

  it('should quote a semicolon, which a spreadsheet split at semicolons would read as two cells, a formula after it', () => {
    expect(csvCell('x;=1+1')).toBe('"x;=1+1"');
  });
});
