import { wallClock, type TimeZoneMode } from '../../time/time-zone';
import { bucketStart, DAY, HOUR, MINUTE, WEEK } from './aggregate';
import { formatClock, formatDayMonth, monthName } from './format';
import { candleAt, type Series } from './series';
import { visibleRange, type CandleWindow } from './viewport';

export interface AxisTicks {
  /** Candle indices that carry a label. */
  values: number[];
  labels: string[];
}

/** Room one time label needs, so labels never crowd each other. */
export const MIN_LABEL_PX = 72;
/** Labels closer than this to either end of the plot would be cut off. */
const EDGE_PX = 24;

export type TimeStep = { ms: number } | { months: number };

const FIXED_STEPS = [
  MINUTE,
  2 * MINUTE,
  5 * MINUTE,
  10 * MINUTE,
  15 * MINUTE,
  30 * MINUTE,
  HOUR,
  2 * HOUR,
  3 * HOUR,
  4 * HOUR,
  6 * HOUR,
  12 * HOUR,
  DAY,
  2 * DAY,
  WEEK,
];
const MONTH_STEPS = [1, 2, 3, 6, 12];
const AVERAGE_MONTH = 30.44 * DAY;

/**
 * The spacing of time labels: the finest calendar step that leaves `MIN_LABEL_PX` between labels
 * and falls on candle boundaries (whole multiples of the candle size below a day).
 */
export function chooseTimeStep(msPerPx: number, bucketMs: number): TimeStep {
  const least = Math.max(bucketMs, msPerPx * MIN_LABEL_PX);
  for (const ms of FIXED_STEPS) {
    if (ms >= least && (ms >= DAY || ms % bucketMs === 0)) return { ms };
  }
  for (const months of MONTH_STEPS) {
    if (months * AVERAGE_MONTH >= least) return { months };
  }
  return { months: 12 * Math.ceil(least / (12 * AVERAGE_MONTH)) };
}

function slotOf(time: number, step: TimeStep): number {
  if ('ms' in step) return bucketStart(time, step.ms);
  const date = new Date(time);
  return Math.floor((date.getUTCFullYear() * 12 + date.getUTCMonth()) / step.months);
}

function isSlotStart(time: number, step: TimeStep): boolean {
  if ('ms' in step) return bucketStart(time, step.ms) === time;
  const date = new Date(time);
  return (
    date.getUTCDate() === 1 && time % DAY === 0 && (date.getUTCFullYear() * 12 + date.getUTCMonth()) % step.months === 0
  );
}

/** A label for a tick: clock times within a day, the date at midnight, months and years further out. */
export function formatTimeTick(time: number, step: TimeStep): string {
  const date = new Date(time);
  const newYear = date.getUTCMonth() === 0 && date.getUTCDate() === 1;
  if ('ms' in step && step.ms < DAY) return time % DAY === 0 ? formatDayMonth(time) : formatClock(time);
  if ('ms' in step) {
    if (newYear) return String(date.getUTCFullYear());
    return date.getUTCDate() === 1 ? monthName(time) : formatDayMonth(time);
  }
  return date.getUTCMonth() === 0 ? String(date.getUTCFullYear()) : monthName(time);
}

/**
 * Time labels for the candles on screen: one on the first candle of each step (a new quarter
 * hour, day, month...) in the zone asked for, skipping any that data gaps would crowd or the
 * plot's ends would cut.
 */
export function timeTicks(
  series: Series<{ time: number }>,
  window: CandleWindow,
  bucketMs: number,
  plotWidth: number,
  zone: TimeZoneMode = 'UTC',
): AxisTicks {
  // Daily and longer candles are UTC days: they are labelled as such. Shorter ones on the zone's clock.
  const shown = (time: number) => (bucketMs >= DAY ? time : wallClock(time, zone));
  const slotPx = plotWidth / window.count;
  const step = chooseTimeStep(bucketMs / slotPx, bucketMs);
  const [first, last] = visibleRange(window);
  const ticks: AxisTicks = { values: [], labels: [] };
  let previousSlot = first > 0 ? slotOf(shown((candleAt(series, first - 1) as { time: number }).time), step) : null;
  let lastTickIndex = -Infinity;
  for (let index = first; index <= last; index++) {
    const time = shown((candleAt(series, index) as { time: number }).time);
    const slot = slotOf(time, step);
    const startsSlot = previousSlot === null ? isSlotStart(time, step) : slot !== previousSlot;
    previousSlot = slot;
    const x = (index - window.start + 0.5) * slotPx;
    const crowded = (index - lastTickIndex) * slotPx < MIN_LABEL_PX * 0.75;
    if (!startsSlot || crowded || x < EDGE_PX || x > plotWidth - EDGE_PX) continue;
    ticks.values.push(index);
    ticks.labels.push(formatTimeTick(time, step));
    lastTickIndex = index;
  }
  return ticks;
}

/** Whether two sets of time labels put the same labels on the same candles. */
export function sameTicks(a: AxisTicks, b: AxisTicks): boolean {
  return (
    a.values.length === b.values.length &&
    a.values.every((value, i) => value === b.values[i]) &&
    a.labels.every((label, i) => label === b.labels[i])
  );
}

/** A round step (1, 2, 2.5 or 5 times a power of ten) at least `raw`. */
export function niceStep(raw: number): number {
  const power = 10 ** Math.floor(Math.log10(raw));
  for (const multiple of [1, 2, 2.5, 5]) {
    if (multiple * power >= raw * (1 - 1e-9)) return multiple * power;
  }
  return 10 * power;
}

/** Round price levels inside [low, high], at most about `maxTicks` of them. */
export function priceTicks(low: number, high: number, maxTicks: number): number[] {
  if (!(high > low)) return [low];
  const step = niceStep((high - low) / Math.max(1, maxTicks));
  const decimals = Math.max(0, 1 - Math.floor(Math.log10(step)));
  const ticks: number[] = [];
  for (let value = Math.ceil(low / step) * step; value <= high + step * 1e-9; value += step) {
    ticks.push(Number(value.toFixed(decimals)));
  }
  return ticks;
}
