import { describe, expect, it } from 'vitest';
import { DAY, HOUR, MINUTE } from './aggregate';
import type { Series } from './series';
import { chooseTimeStep, formatTimeTick, MIN_LABEL_PX, niceStep, priceTicks, timeTicks } from './ticks';
import { resolveWindow } from './viewport';

function times(count: number, intervalMs: number, last: number): Series<{ time: number }> {
  const all = Array.from({ length: count }, (_, i) => ({ time: last - (count - 1 - i) * intervalMs }));
  return { settled: all.slice(0, -1), forming: all[count - 1] as { time: number } };
}

const NOON = Date.UTC(2026, 2, 12, 12, 0);

describe('given the time axis of each interval', () => {
  it('should label every 10 or 15 minutes for 1m candles, by candle width', () => {
    // 8px candles: 72px between labels is 9 minutes, so 10m; 5px candles need 14.4 minutes, so 15m.
    expect(chooseTimeStep(MINUTE / 8, MINUTE)).toEqual({ ms: 10 * MINUTE });
    expect(chooseTimeStep(MINUTE / 5, MINUTE)).toEqual({ ms: 15 * MINUTE });
  });

  it('should only use steps that fall on candle boundaries', () => {
    // 4h candles: 6h would land between candles, so 12h.
    expect(chooseTimeStep((4 * HOUR) / 30, 4 * HOUR)).toEqual({ ms: 12 * HOUR });
  });

  it('should go to days, weeks, months and years as candles grow', () => {
    expect(chooseTimeStep(HOUR / 8, HOUR)).toEqual({ ms: 12 * HOUR });
    expect(chooseTimeStep(DAY / 16, DAY)).toEqual({ ms: 7 * DAY });
    expect(chooseTimeStep(DAY / 8, DAY)).toEqual({ months: 1 });
    expect(chooseTimeStep((7 * DAY) / 3, 7 * DAY)).toEqual({ months: 6 });
    expect(chooseTimeStep((30 * DAY) / 2, 30 * DAY)).toEqual({ months: 36 });
  });
});

describe('given tick labels', () => {
  it('should show clock times within a day and the date at midnight', () => {
    expect(formatTimeTick(Date.UTC(2026, 2, 12, 9, 5), { ms: 15 * MINUTE })).toBe('09:05');
    expect(formatTimeTick(Date.UTC(2026, 2, 12), { ms: 15 * MINUTE })).toBe('12 Mar');
  });

  it('should show days, then months at their first day, then years at new year', () => {
    expect(formatTimeTick(Date.UTC(2026, 2, 16), { ms: 7 * DAY })).toBe('16 Mar');
    expect(formatTimeTick(Date.UTC(2026, 3, 1), { ms: DAY })).toBe('Apr');
    expect(formatTimeTick(Date.UTC(2026, 0, 1), { ms: DAY })).toBe('2026');
    expect(formatTimeTick(Date.UTC(2026, 5, 1), { months: 3 })).toBe('Jun');
    expect(formatTimeTick(Date.UTC(2027, 0, 1), { months: 3 })).toBe('2027');
  });
});

describe('given the candles on screen', () => {
  it('should label 1m candles on the quarter hour, the day change by its date', () => {
    const series = times(300, MINUTE, Date.UTC(2026, 2, 13, 0, 59));
    const window = resolveWindow(series, null, 120);
    const ticks = timeTicks(series, window, MINUTE, 600);
    // 120 candles, 23:00 to 00:59, 5px each: every 15 minutes, the date at midnight (23:00 is too
    // close to the left edge).
    expect(ticks.labels).toEqual(['23:15', '23:30', '23:45', '13 Mar', '00:15', '00:30', '00:45']);
    ticks.values.forEach((index) => expect(index).toBeGreaterThanOrEqual(window.start));
  });

  it('should label daily candles by month', () => {
    const series = times(400, DAY, Date.UTC(2026, 2, 12));
    const ticks = timeTicks(series, resolveWindow(series, null, 200), DAY, 600);
    // 200 days from 25 Aug 2025 at 3px each: monthly labels, the year at its turn (1 Sep is too
    // close to the left edge).
    expect(ticks.labels).toEqual(['Oct', 'Nov', 'Dec', '2026', 'Feb', 'Mar']);
  });

  it('should label the oldest candle only when it starts a step', () => {
    // 50 candles in 60 slots of 10px (the oldest sits 100px in): labels every 10 minutes.
    const fromOddMinute = times(50, MINUTE, NOON + 7 * MINUTE);
    const ticks = timeTicks(fromOddMinute, resolveWindow(fromOddMinute, null, 60), MINUTE, 600);
    expect(ticks.labels[0]).toBe('11:20');
    expect(ticks.values[0]).toBe(2);
    const fromStep = times(50, MINUTE, NOON + 9 * MINUTE);
    const stepTicks = timeTicks(fromStep, resolveWindow(fromStep, null, 60), MINUTE, 600);
    expect(stepTicks.values[0]).toBe(0);
    expect(stepTicks.labels[0]).toBe('11:20');
  });

  it('should leave out labels the ends of the plot would cut off', () => {
    // 11:20 starts a step but sits 6px from the left edge; 12:10 sits 6px from the right.
    const series = times(51, MINUTE, NOON + 10 * MINUTE);
    const ticks = timeTicks(series, resolveWindow(series, null, 51), MINUTE, 612);
    expect(ticks.labels).toEqual(['11:30', '11:40', '11:50', '12:00']);
  });

  it('should keep labels apart where a data gap bunches steps together', () => {
    const dense = times(40, MINUTE, NOON);
    const gapped = {
      settled: [...dense.settled, dense.forming, { time: NOON + 5 * HOUR }, { time: NOON + 10 * HOUR }],
      forming: { time: NOON + 10 * HOUR + MINUTE },
    };
    const window = resolveWindow(gapped, null, 60);
    const ticks = timeTicks(gapped, window, MINUTE, 600);
    const slot = 600 / 60;
    ticks.values.slice(1).forEach((index, i) => {
      expect((index - (ticks.values[i] as number)) * slot).toBeGreaterThanOrEqual(MIN_LABEL_PX * 0.75);
    });
  });
});

describe('given the price axis', () => {
  it('should use round steps', () => {
    expect(niceStep(87)).toBe(100);
    expect(niceStep(130)).toBe(200);
    expect(niceStep(0.22)).toBe(0.25);
    expect(niceStep(0.00041)).toBe(0.0005);
    expect(niceStep(100)).toBe(100);
  });

  it('should give round levels within the range', () => {
    expect(priceTicks(61_310, 62_090, 8)).toEqual([61_400, 61_500, 61_600, 61_700, 61_800, 61_900, 62_000]);
  });

  it('should give clean decimals for small prices', () => {
    expect(priceTicks(0.1001, 0.1009, 4)).toEqual([0.1002, 0.1004, 0.1006, 0.1008]);
  });

  it('should give one level for a flat range', () => {
    expect(priceTicks(5, 5, 6)).toEqual([5]);
  });
});
