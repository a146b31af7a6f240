// @vitest-environment node
import { describe, expect, it } from 'vitest';
import { csvField, tradesToCsv } from './csv';
import { makeTrade } from './fixtures';

describe('given one CSV field', () => {
  it('should quote commas, quotes and line breaks (RFC 4180), doubling quotes', () => {
    expect(csvField('plain')).toBe('plain');
    expect(csvField('a,b')).toBe('"a,b"');
    expect(csvField('say "hi"')).toBe('"say ""hi"""');
    expect(csvField('two\r\nlines')).toBe('"two\r\nlines"');
    expect(csvField(null)).toBe('');
  });

  it('should quote a semicolon, which a spreadsheet split at semicolons would read as two cells, a formula after it', () => {
    expect(csvField('x;=1+1')).toBe('"x;=1+1"');
  });

  it.each([['=HYPERLINK("http://evil.example")'], ['+1+2'], ['-2+3'], ['@SUM(A1)'], ['\tcmd']])(
    'should defuse text starting a formula: %s',
    (text) => {
      const field = csvField(text);
      const unquoted = field.startsWith('"') ? field.slice(1, -1).replaceAll('""', '"') : field;
      expect(unquoted).toBe(`'${text}`);
    },
  );

  it('should leave numbers as numbers, negatives included', () => {
    expect(csvField(-12.5)).toBe('-12.5');
    expect(csvField(0.000123)).toBe('0.000123');
    expect(csvField(Number.NaN)).toBe('');
  });
});

describe('given trades', () => {
  const closed = makeTrade({ id: '7', pnl: -12.5, pnlPct: -0.42, exitReason: 'stop_loss' });
  const open = makeTrade({
    id: '8',
    symbol: '=cmd|"/c calc"!A1',
    strategyName: 'Mean, "reversion"',
    exitPrice: null,
    exitTime: null,
    exitReason: null,
    exitSignalId: null,
  });

  it('should write a header and one CRLF-terminated line per trade, ids first', () => {
    const csv = tradesToCsv([closed], ['pair', 'side', 'pnl', 'exitReason']);
    expect(csv).toBe(
      'Trade id,Entry signal id,Exit signal id,Pair,Side,P&L (USD),P&L (%),Unrealised,Exit reason\r\n' +
        '7,10,11,BTC,long,-12.5,-0.42,no,Stop loss\r\n',
    );
  });

  it('should write P&L percent to 4 decimals', () => {
    const csv = tradesToCsv([makeTrade({ id: '9', pnlPct: -0.09344180008342484 })], ['pnl']);
    expect(csv.split('\r\n')[1]).toContain(',-0.0934,');
  });

  it('should mark an open trade, defuse a hostile pair and quote a strategy name holding a comma', () => {
    const csv = tradesToCsv([open], ['closed', 'pair', 'pnl', 'strategy']);
    const [, line] = csv.split('\r\n');
    expect(line).toBe(`8,10,,Open,,"'=cmd|""/c calc""!A1",439.5,1.47,yes,"Mean, ""reversion""",1`);
  });

  it('should write every column by default, times as ISO and durations in seconds', () => {
    const [header, line] = tradesToCsv([closed]).split('\r\n');
    expect(header).toBe(
      'Trade id,Entry signal id,Exit signal id,Opened,Entry price,Closed,Exit price,Pair,Side,Quantity,Fees (USD),' +
        'P&L (USD),P&L (%),Unrealised,Exit reason,Duration (s),Strategy,Strategy id',
    );
    expect(line).toBe(
      '7,10,11,2026-11-20T10:00:00.000Z,60000,2026-11-20T13:05:00.000Z,61000,BTC,long,0.5,60.5,-12.5,-0.42,no,' +
        'Stop loss,11100,Default,1',
    );
  });
});
