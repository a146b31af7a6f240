import { Fragment, useEffect, useRef } from 'react';
import { Button } from '../Button';
import {
  DropdownMenu,
  DropdownMenuCheckboxItem,
  DropdownMenuContent,
  DropdownMenuLabel,
  DropdownMenuRadioGroup,
  DropdownMenuRadioItem,
  DropdownMenuSeparator,
  DropdownMenuTrigger,
} from '../DropdownMenu';
import * as styles from './CandlestickChart.css';
import {
  DEFAULT_EMA_PERIOD,
  DEFAULT_SMA_PERIOD,
  indicatorNames,
  MOVING_AVERAGE_PERIODS,
  type ChartIndicators,
} from './studies';

export interface IndicatorsMenuDropdownProps {
  value: ChartIndicators;
  onChange: (next: ChartIndicators) => void;
  /** Whether the menu is open (held by IndicatorsMenu, which may have been pressed before this loaded). */
  open: boolean;
  onOpenChange: (open: boolean) => void;
  /** Open once mounted: the trader pressed the button before this code had loaded. */
  openOnMount?: boolean;
  onOpened?: () => void;
  /** Take the focus as it mounts: the button it replaces had it. */
  takeFocus?: boolean;
}

/** Keep the menu open on a choice, so several indicators can be set in one go. */
const stayOpen = (event: Event) => event.preventDefault();

const MOVING_AVERAGES = [
  ['sma', 'SMA', 'Simple moving average', DEFAULT_SMA_PERIOD],
  ['ema', 'EMA', 'Exponential moving average', DEFAULT_EMA_PERIOD],
] as const;

const TOGGLES = [
  ['bollinger', 'Bollinger Bands (20, 2)'],
  ['vwap', 'VWAP (daily, UTC)'],
] as const;

const PANES = [
  ['rsi', 'RSI (14)'],
  ['macd', 'MACD (12, 26, 9)'],
] as const;

/**
 * The chart's Indicators menu: overlays on the price pane (SMA and EMA with their period, Bollinger
 * Bands, VWAP) and panes under the chart (RSI, MACD). A Radix menu: arrow keys, Enter and Space,
 * Escape closes it; choices keep it open. Loaded after the chart's first paint (see IndicatorsMenu).
 */
export function IndicatorsMenuDropdown({
  value,
  onChange,
  open,
  onOpenChange,
  openOnMount = false,
  onOpened,
  takeFocus = false,
}: IndicatorsMenuDropdownProps) {
  const count = indicatorNames(value).length;
  const trigger = useRef<HTMLButtonElement>(null);
  useEffect(() => {
    if (takeFocus || openOnMount) trigger.current?.focus();
    // After the press that asked for it has run its course, as if the trigger had been pressed.
    const timer = openOnMount
      ? setTimeout(() => {
          onOpenChange(true);
          onOpened?.();
        }, 0)
      : undefined;
    return () => clearTimeout(timer);
    // Only as it mounts.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);
  return (
    <DropdownMenu modal={false} open={open} onOpenChange={onOpenChange}>
      <DropdownMenuTrigger asChild>
        <Button
          ref={trigger}
          variant="secondary"
          size="sm"
          className={styles.indicatorsTrigger}
          data-slot="indicators-trigger"
        >
          Indicators{count > 0 ? ` (${count})` : ''}
        </Button>
      </DropdownMenuTrigger>
      <DropdownMenuContent align="start" aria-label="Indicators" className={styles.indicatorsMenu}>
        <DropdownMenuLabel>On the price pane</DropdownMenuLabel>
        {MOVING_AVERAGES.map(([key, short, long, fallback]) => {
          const period = value[key];
          return (
            <Fragment key={key}>
              <DropdownMenuCheckboxItem
                checked={period !== null}
                onSelect={stayOpen}
                onCheckedChange={(on) => onChange({ ...value, [key]: on ? fallback : null })}
              >
                {long} ({short}){period !== null ? ` ${period}` : ''}
              </DropdownMenuCheckboxItem>
              {period !== null && (
                <DropdownMenuRadioGroup
                  aria-label={`${short} period`}
                  value={String(period)}
                  onValueChange={(next) => onChange({ ...value, [key]: Number(next) })}
                >
                  {MOVING_AVERAGE_PERIODS.map((choice) => (
                    <DropdownMenuRadioItem
                      key={choice}
                      value={String(choice)}
                      onSelect={stayOpen}
                      className={styles.periodItem}
                      aria-label={`${short} period ${choice}`}
                    >
                      {choice}
                    </DropdownMenuRadioItem>
                  ))}
                </DropdownMenuRadioGroup>
              )}
            </Fragment>
          );
        })}
        {TOGGLES.map(([key, label]) => (
          <DropdownMenuCheckboxItem
            key={key}
            checked={value[key]}
            onSelect={stayOpen}
            onCheckedChange={(on) => onChange({ ...value, [key]: on })}
          >
            {label}
          </DropdownMenuCheckboxItem>
        ))}
        <DropdownMenuSeparator />
        <DropdownMenuLabel>In a pane below</DropdownMenuLabel>
        {PANES.map(([key, label]) => (
          <DropdownMenuCheckboxItem
            key={key}
            checked={value[key]}
            onSelect={stayOpen}
            onCheckedChange={(on) => onChange({ ...value, [key]: on })}
          >
            {label}
          </DropdownMenuCheckboxItem>
        ))}
      </DropdownMenuContent>
    </DropdownMenu>
  );
}
