import { lazy, Suspense, useEffect, useState } from 'react';
import { Button } from '../Button';
import * as styles from './CandlestickChart.css';
import type * as DropdownModule from './IndicatorsMenuDropdown';
import { indicatorNames, type ChartIndicators } from './studies';

export interface IndicatorsMenuProps {
  value: ChartIndicators;
  onChange: (next: ChartIndicators) => void;
}

let menuCode: Promise<typeof DropdownModule> | undefined;
/** The menu's code (Radix's menu, its positioning and focus handling), fetched once. */
const loadMenu = () => (menuCode ??= import('./IndicatorsMenuDropdown'));
const IndicatorsMenuDropdown = lazy(() => loadMenu().then((module) => ({ default: module.IndicatorsMenuDropdown })));

/** Runs `task` when the browser is idle after the first paint (soon, where there is no idle callback). */
function whenIdle(task: () => void): () => void {
  if (typeof requestIdleCallback === 'function') {
    const id = requestIdleCallback(task, { timeout: 2_000 });
    return () => cancelIdleCallback(id);
  }
  const id = setTimeout(task, 200);
  return () => clearTimeout(id);
}

/**
 * The Indicators button and its menu. The menu is not needed for the chart's first paint, so its code loads
 * afterwards, when the browser is idle (or at once when the button is hovered, focused or pressed). Until then
 * the button is a plain one that looks the same; pressed early, it opens the menu as soon as the code is there.
 */
export function IndicatorsMenu({ value, onChange }: IndicatorsMenuProps) {
  const [wanted, setWanted] = useState(false);
  // Held here, so a press before the menu's code arrives opens it whenever that is.
  const [open, setOpen] = useState(false);
  // Pressed before the code arrived: the menu opens once its trigger is in place.
  const [pending, setPending] = useState(false);
  const [focused, setFocused] = useState(false);
  useEffect(() => whenIdle(() => setWanted(true)), []);
  const count = indicatorNames(value).length;
  const request = () => {
    setPending(true);
    setWanted(true);
  };

  const placeholder = (
    <Button
      variant="secondary"
      size="sm"
      className={styles.indicatorsTrigger}
      data-slot="indicators-trigger"
      aria-haspopup="menu"
      aria-expanded={false}
      aria-busy={pending || undefined}
      onPointerEnter={() => void loadMenu()}
      onFocus={() => {
        setFocused(true);
        void loadMenu();
      }}
      onBlur={() => setFocused(false)}
      // Opened on the press, as the menu's own trigger does: the code may arrive (and this button be replaced)
      // between the press and the click.
      onPointerDown={(event) => {
        if (event.button === 0 && !event.ctrlKey) request();
      }}
      onClick={request}
    >
      Indicators{count > 0 ? ` (${count})` : ''}
    </Button>
  );
  if (!wanted) return placeholder;
  return (
    <Suspense fallback={placeholder}>
      <IndicatorsMenuDropdown
        value={value}
        onChange={onChange}
        open={open}
        onOpenChange={setOpen}
        openOnMount={pending}
        onOpened={() => setPending(false)}
        takeFocus={focused && !pending}
      />
    </Suspense>
  );
}
