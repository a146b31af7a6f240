import { useCallback, useRef, useState } from 'react';

interface ControllableStateOptions<T> {
  /** The controlled value; when defined the component follows it. */
  prop?: T | undefined;
  /** The initial value when uncontrolled. */
  defaultProp: T;
  /** Called whenever the value should change, controlled or not. */
  onChange?: ((value: T) => void) | undefined;
}

/**
 * State that is either controlled by a prop or held internally (the Radix pattern).
 * The setter accepts a value or an updater and always reports through `onChange`.
 */
export function useControllableState<T>({
  prop,
  defaultProp,
  onChange,
}: ControllableStateOptions<T>): [T, (next: T | ((prev: T) => T)) => void] {
  const [uncontrolled, setUncontrolled] = useState(defaultProp);
  const isControlled = prop !== undefined;
  const value = isControlled ? prop : uncontrolled;

  const valueRef = useRef(value);
  valueRef.current = value;
  const onChangeRef = useRef(onChange);
  onChangeRef.current = onChange;

  const setValue = useCallback(
    (next: T | ((prev: T) => T)) => {
      const resolved = typeof next === 'function' ? (next as (prev: T) => T)(valueRef.current) : next;
      if (Object.is(resolved, valueRef.current)) return;
      valueRef.current = resolved;
      if (!isControlled) setUncontrolled(resolved);
      onChangeRef.current?.(resolved);
    },
    [isControlled],
  );

  return [value, setValue];
}
