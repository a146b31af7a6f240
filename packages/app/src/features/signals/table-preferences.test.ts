import { describe, expect, it } from 'vitest';
import { parseSignalsTablePreferences, serializeSignalsTablePreferences } from './table-preferences';

const visibilityOf = (stored: unknown) =>
  parseSignalsTablePreferences(typeof stored === 'string' ? stored : JSON.stringify(stored)).columnVisibility;

describe('given column choices saved before they had a version', () => {
  describe('saved on a phone, which started without the quantity and the interval', () => {
    it('should show the quantity and the interval again, and keep the columns the trader hid', () => {
      const stored = { sorting: [], columnVisibility: { quantity: false, interval: false, strategy: false } };
      expect(visibilityOf(stored)).toEqual({ strategy: false });
    });

    it('should keep one the trader chose to show', () => {
      const stored = { sorting: [], columnVisibility: { quantity: true, interval: false, ticker: false } };
      expect(visibilityOf(stored)).toEqual({ quantity: true, ticker: false });
    });
  });

  describe('saved on a wider screen, which started with every column', () => {
    it('should keep the quantity and the interval hidden when the trader hid them', () => {
      expect(visibilityOf({ sorting: [], columnVisibility: { strategy: false, quantity: false } })).toEqual({
        strategy: false,
        quantity: false,
      });
      expect(visibilityOf({ sorting: [], columnVisibility: { interval: false, quantity: false } })).toEqual({
        interval: false,
        quantity: false,
      });
    });
  });
});

describe('given column choices saved with their version', () => {
  it('should keep every choice, the quantity and the interval hidden included', () => {
    const saved = serializeSignalsTablePreferences({
      sorting: [{ id: 'price', desc: true }],
      columnVisibility: { quantity: false, interval: false },
    });
    expect(parseSignalsTablePreferences(saved)).toEqual({
      sorting: [{ id: 'price', desc: true }],
      columnVisibility: { quantity: false, interval: false },
    });
  });

  it('should keep "never chosen" as never chosen', () => {
    const saved = serializeSignalsTablePreferences({ sorting: [], columnVisibility: null });
    expect(parseSignalsTablePreferences(saved)).toEqual({ sorting: [], columnVisibility: null });
  });
});

describe('given stored text that is not the table’s preferences', () => {
  it('should start from the defaults', () => {
    for (const text of [null, '', '{"sorting":', 'null', '42', '"text"', '[]']) {
      expect(parseSignalsTablePreferences(text), String(text)).toEqual({ sorting: [], columnVisibility: null });
    }
  });

  it('should keep only the parts that name real columns with a real choice', () => {
    const stored = {
      version: 2,
      sorting: [{ id: 'profit', desc: true }],
      columnVisibility: { ticker: false, profit: false, quantity: 'no', interval: true },
    };
    expect(parseSignalsTablePreferences(JSON.stringify(stored))).toEqual({
      sorting: [],
      columnVisibility: { ticker: false, interval: true },
    });
  });
});
