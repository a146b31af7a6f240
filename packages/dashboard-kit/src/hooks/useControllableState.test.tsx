import { act, renderHook } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { useControllableState } from './useControllableState';

describe('given useControllableState', () => {
  describe('when uncontrolled', () => {
    it('should start from the default and update itself', () => {
      const onChange = vi.fn();
      const { result } = renderHook(() => useControllableState({ defaultProp: false, onChange }));
      expect(result.current[0]).toBe(false);
      act(() => result.current[1]((v) => !v));
      expect(result.current[0]).toBe(true);
      expect(onChange).toHaveBeenCalledWith(true);
    });
  });

  describe('when controlled', () => {
    it('should follow the prop and only report changes', () => {
      const onChange = vi.fn();
      const { result, rerender } = renderHook(
        ({ open }) => useControllableState({ prop: open, defaultProp: false, onChange }),
        {
          initialProps: { open: true },
        },
      );
      act(() => result.current[1](false));
      expect(onChange).toHaveBeenCalledWith(false);
      expect(result.current[0]).toBe(true);
      rerender({ open: false });
      expect(result.current[0]).toBe(false);
    });
  });
});
