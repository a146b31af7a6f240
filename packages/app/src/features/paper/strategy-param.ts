import { useCallback } from 'react';
import { useSearchParams } from 'react-router-dom';

export const STRATEGY_PARAM = 'strategy';
const ID = /^[1-9]\d{0,15}$/;

/**
 * The strategy whose data a page shows, kept in the URL (`?strategy=<id>`) so a link or a reload keeps it;
 * `null` is every strategy. A value that cannot be an id counts as none.
 */
export function useStrategyParam(): [string | null, (id: string | null) => void] {
  const [params, setParams] = useSearchParams();
  const raw = params.get(STRATEGY_PARAM);
  const strategy = raw && ID.test(raw) ? raw : null;
  const setStrategy = useCallback(
    (id: string | null) => {
      setParams(
        (current) => {
          const next = new URLSearchParams(current);
          if (id) next.set(STRATEGY_PARAM, id);
          else next.delete(STRATEGY_PARAM);
          return next;
        },
        { replace: true },
      );
    },
    [setParams],
  );
  return [strategy, setStrategy];
}
