import { useRef, useState, type KeyboardEvent } from 'react';

export interface RovingToolbar {
  /** The one item reachable with Tab: the last focused, else the preferred one, else the last item. */
  tabStopId: string | undefined;
  /** Left/Up and Right/Down move between items in order, Home and End to the first and last. */
  onKeyDown: (event: KeyboardEvent<HTMLElement>) => void;
  /** A ref callback for item `id`'s button. */
  register: (id: string) => (node: HTMLButtonElement | null) => void;
  /** Call when item `id` gets focus, so it stays the Tab stop. */
  focused: (id: string) => void;
}

/** A toolbar's roving focus (one Tab stop, arrow keys between items), shared by the chart's marker layers. */
export function useRovingToolbar(ids: readonly string[], preferredId: string | null): RovingToolbar {
  const [focusId, setFocusId] = useState<string | null>(null);
  const buttons = useRef(new Map<string, HTMLButtonElement>());
  const tabStopId =
    (focusId !== null && ids.includes(focusId) ? focusId : undefined) ??
    (preferredId !== null && ids.includes(preferredId) ? preferredId : undefined) ??
    ids[ids.length - 1];

  const onKeyDown = (event: KeyboardEvent<HTMLElement>) => {
    if (event.ctrlKey || event.metaKey || event.altKey || tabStopId === undefined) return;
    const current = ids.indexOf(tabStopId);
    let next: number;
    switch (event.key) {
      case 'ArrowLeft':
      case 'ArrowUp':
        next = Math.max(0, current - 1);
        break;
      case 'ArrowRight':
      case 'ArrowDown':
        next = Math.min(ids.length - 1, current + 1);
        break;
      case 'Home':
        next = 0;
        break;
      case 'End':
        next = ids.length - 1;
        break;
      default:
        return;
    }
    event.preventDefault();
    const id = ids[next] as string;
    setFocusId(id);
    buttons.current.get(id)?.focus();
  };

  const register = (id: string) => (node: HTMLButtonElement | null) => {
    if (node) buttons.current.set(id, node);
    else buttons.current.delete(id);
  };

  return { tabStopId, onKeyDown, register, focused: setFocusId };
}
