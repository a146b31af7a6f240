import { wallClock, type TimeZoneMode } from '../../time/time-zone';
import { DAY, HOUR, MINUTE, WEEK } from '../CandlestickChart/aggregate';
import { formatClock, formatDayMonth } from '../CandlestickChart/format';

/** One point of an equity curve, as the API sends it. */
export interface EquityPoint {
  /** When: an ISO 8601 string or milliseconds since the epoch. */
  time: string | number;
  /** Account equity at that time. */
  equity: number;
  /** How far equity is below its running peak, as an amount (0 at a new peak). */
  drawdown: number;
  /** The same as a percentage of the peak (`4.2` for 4.2%). */
  drawdownPct: number;
}

/** A point read for drawing: time in ms, drawdowns as non-negative magnitudes. */
export interface EquitySample {
  time: number;
  equity: number;
  drawdown: number;
  drawdownPct: number;
}

export type EquityRange = '1D' | '1W' | '1M' | '3M' | 'All';
export const EQUITY_RANGES: readonly EquityRange[] = ['1D', '1W', '1M', '3M', 'All'];
const RANGE_MS: Record<Exclude<EquityRange, 'All'>, number> = { '1D': DAY, '1W': WEEK, '1M': 30 * DAY, '3M': 91 * DAY };
export const RANGE_NAMES: Record<EquityRange, string> = {
  '1D': '1 day',
  '1W': '1 week',
  '1M': '1 month',
  '3M': '3 months',
  All: 'All time',
};

/** Most points handed to Victory, whatever the history: like the candlestick chart's 200 candles. */
export const MAX_EQUITY_POINTS = 400;

const toMs = (time: string | number) => (typeof time === 'number' ? time : Date.parse(time));

/**
 * The points in time order with times in ms and drawdowns as magnitudes; points whose time or equity
 * cannot be read are left out.
 */
export function readEquity(points: readonly EquityPoint[]): EquitySample[] {
  const samples: EquitySample[] = [];
  let sorted = true;
  for (const point of points) {
    const time = toMs(point.time);
    if (!Number.isFinite(time) || !Number.isFinite(point.equity)) continue;
    const previous = samples[samples.length - 1];
    if (previous && previous.time > time) sorted = false;
    samples.push({
      time,
      equity: point.equity,
      drawdown: Number.isFinite(point.drawdown) ? Math.abs(point.drawdown) : 0,
      drawdownPct: Number.isFinite(point.drawdownPct) ? Math.abs(point.drawdownPct) : 0,
    });
  }
  return sorted ? samples : samples.sort((a, b) => a.time - b.time);
}

/** The samples a range preset shows: those within its length of the latest one. */
export function samplesInRange(samples: readonly EquitySample[], range: EquityRange): readonly EquitySample[] {
  const last = samples[samples.length - 1];
  if (range === 'All' || !last) return samples;
  const from = last.time - RANGE_MS[range];
  const first = samples.findIndex((sample) => sample.time >= from);
  return first <= 0 ? samples : samples.slice(first);
}

/**
 * At most `maxPoints` of the samples, chosen so the picture keeps its shape: the first and last, and in
 * each of equal buckets the lowest and highest equity and the deepest drawdown, in time order. Every point
 * kept is a real sample, so the crosshair shows true values.
 */
export function downsampleEquity(samples: readonly EquitySample[], maxPoints = MAX_EQUITY_POINTS): EquitySample[] {
  if (samples.length <= maxPoints) return [...samples];
  const buckets = Math.max(1, Math.floor((maxPoints - 2) / 3));
  const inner = samples.length - 2;
  const kept = new Set<number>([0, samples.length - 1]);
  for (let b = 0; b < buckets; b++) {
    const start = 1 + Math.floor((b * inner) / buckets);
    const end = 1 + Math.floor(((b + 1) * inner) / buckets);
    let low = start;
    let high = start;
    let deepest = start;
    for (let i = start; i < end; i++) {
      const sample = samples[i] as EquitySample;
      if (sample.equity < (samples[low] as EquitySample).equity) low = i;
      if (sample.equity > (samples[high] as EquitySample).equity) high = i;
      if (sample.drawdownPct > (samples[deepest] as EquitySample).drawdownPct) deepest = i;
    }
    if (end > start) {
      kept.add(low);
      kept.add(high);
      kept.add(deepest);
    }
  }
  return [...kept].sort((a, b) => a - b).map((i) => samples[i] as EquitySample);
}

/** The deepest drawdown among the samples (the first, if several are as deep), or null without samples. */
export function maxDrawdownOf(samples: readonly EquitySample[]): EquitySample | null {
  let deepest: EquitySample | null = null;
  for (const sample of samples) {
    if (!deepest || sample.drawdownPct > deepest.drawdownPct) deepest = sample;
  }
  return deepest;
}

/** Index of the sample nearest `time` (samples in time order, at least one). */
export function nearestIndex(samples: readonly { time: number }[], time: number): number {
  let low = 0;
  let high = samples.length - 1;
  while (low < high) {
    const mid = (low + high) >> 1;
    if ((samples[mid] as { time: number }).time < time) low = mid + 1;
    else high = mid;
  }
  if (low > 0 && time - (samples[low - 1] as { time: number }).time < (samples[low] as { time: number }).time - time) {
    return low - 1;
  }
  return low;
}

const TIME_STEPS = [
  MINUTE,
  5 * MINUTE,
  15 * MINUTE,
  30 * MINUTE,
  HOUR,
  3 * HOUR,
  6 * HOUR,
  12 * HOUR,
  DAY,
  2 * DAY,
  WEEK,
  2 * WEEK,
  3 * WEEK,
  4 * WEEK,
  6 * WEEK,
  8 * WEEK,
  13 * WEEK,
  26 * WEEK,
  52 * WEEK,
];

/**
 * Labelled times for a time axis from `from` to `to` that is `width` px wide: a round step (a minute to
 * a year) leaving at least `minLabelPx` per label, on the zone's wall clock; clock times under a day,
 * dates from a day up.
 */
export function timeAxisTicks(
  from: number,
  to: number,
  width: number,
  zone: TimeZoneMode,
  minLabelPx = 64,
): { time: number; label: string }[] {
  if (!(to > from) || width <= 0) return [];
  const most = Math.max(1, Math.floor(width / minLabelPx));
  const step = TIME_STEPS.find((candidate) => (to - from) / candidate <= most) ?? (to - from) / most;
  const offset = wallClock(from, zone) - from;
  const ticks: { time: number; label: string }[] = [];
  for (let wall = Math.ceil((from + offset) / step) * step; wall - offset <= to; wall += step) {
    ticks.push({ time: wall - offset, label: step < DAY ? formatClock(wall) : formatDayMonth(wall) });
  }
  return ticks;
}
