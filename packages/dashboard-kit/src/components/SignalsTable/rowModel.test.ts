import { useTable } from '@tanstack/react-table';
import { renderHook } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { signalColumns, signalTableFeatures } from './columns';
import { makeSignal } from './fixtures';
import type { SignalRow } from './types';

const getRowId = (signal: SignalRow) => signal.id;

function renderRowModel(initial: SignalRow[]) {
  return renderHook(
    ({ data }: { data: SignalRow[] }) =>
      useTable({ features: signalTableFeatures, columns: signalColumns, data, getRowId }).getCoreRowModel(),
    { initialProps: { data: initial } },
  );
}

describe('given rows built for some signals', () => {
  const older = makeSignal({ id: 'older', price: 100 });
  const newer = makeSignal({ id: 'newer', price: 200 });

  describe('after a signal is prepended', () => {
    it('should reuse the existing rows at their new positions and build one new row', () => {
      const { result, rerender } = renderRowModel([older]);
      const before = result.current.rows[0]!;
      expect(before.getValue('price')).toBe(100);

      rerender({ data: [newer, older] });
      const [first, second] = result.current.rows;
      expect(second).toBe(before);
      expect(second?.index).toBe(1);
      expect(first?.id).toBe('newer');
      expect(first?.getValue('price')).toBe(200);
      expect(result.current.rowsById.older).toBe(before);
    });
  });

  describe('after a signal is replaced by an updated copy', () => {
    it('should build a new row that reads the new values', () => {
      const { result, rerender } = renderRowModel([older]);
      const before = result.current.rows[0]!;
      rerender({ data: [{ ...older, price: 150 }] });
      expect(result.current.rows[0]).not.toBe(before);
      expect(result.current.rows[0]?.getValue('price')).toBe(150);
    });
  });
});
