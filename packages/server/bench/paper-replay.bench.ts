/*
 * Paper trading replay benchmark: a strategy's account recomputed from 100,000 signals over a year of BTC 1m
 * candles (525,600), all generated from a fixed seed, so every run replays the same year. The goal (DESIGN.md
 * section 4) is under 10 s; the metrics and breakdowns over the result are timed beside it.
 *
 *   pnpm --filter @signaldeck/server exec tsx bench/paper-replay.bench.ts [--json results.json]
 *     [--signals 100000] [--runs 3]
 */
import { writeFile } from 'node:fs/promises';
import { parseArgs } from 'node:util';
import {
  PAPER_ACTIONS,
  breakdown,
  performanceMetrics,
  replay,
  unrealisedPnl,
  type PaperSignal,
} from '../src/modules/paper';
import { randomWalkCandles, seededRandom, settingsWith } from '../src/modules/paper/test-helpers';

const { values: options } = parseArgs({
  options: {
    json: { type: 'string' },
    signals: { type: 'string', default: '100000' },
    runs: { type: 'string', default: '3' },
  },
});
const SIGNALS = Number(options.signals);
const RUNS = Number(options.runs);
const MINUTE = 60_000;
const YEAR_MINUTES = 365 * 1440;
const START = Date.UTC(2025, 0, 1);
const GOAL_MS = 10_000;

const random = seededRandom(20_250_101);
const candles = randomWalkCandles(random, START, YEAR_MINUTES, 95_000, 0.0015);
const signals: PaperSignal[] = Array.from({ length: SIGNALS }, (_, index) => {
  const receivedAt = START + Math.floor((index + random()) * ((YEAR_MINUTES * MINUTE) / SIGNALS));
  return {
    id: index + 1,
    ticker: 'BTC',
    action: PAPER_ACTIONS[Math.floor(random() * PAPER_ACTIONS.length)]!,
    price: null,
    quantity: random() < 0.5 ? 0.01 : null,
    positionSize: null,
    marketPosition: null,
    prevMarketPosition: null,
    prevPositionSize: null,
    stopLoss: null,
    takeProfit: null,
    alertTime: receivedAt - Math.floor(random() * 5_000),
    receivedAt,
  };
});
// Everything that costs work on: stops and targets on every candle, pyramiding, slippage, fees, an age limit.
const settings = settingsWith({
  pyramiding: true,
  slippageBps: 5,
  stopLossPct: 1.5,
  takeProfitPct: 3,
  maxSignalAgeS: 30,
});
const input = { strategyId: 1, settings, openedAt: START, signals, candles: { BTC: candles } };

const timings: number[] = [];
let result = replay(input);
for (let run = 0; run < RUNS; run += 1) {
  const started = performance.now();
  result = replay(input);
  timings.push(performance.now() - started);
}
const replayMs = [...timings].sort((a, b) => a - b)[Math.floor(timings.length / 2)]!;

const started = performance.now();
const metrics = performanceMetrics({
  startingBalance: settings.startingBalance,
  openedAt: START,
  trades: result.trades,
  equityPoints: result.equityPoints,
  unrealisedPnl: unrealisedPnl(result.state),
});
for (const by of ['pair', 'exitReason', 'day', 'week', 'month'] as const) breakdown(result.trades, by);
const metricsMs = performance.now() - started;

const executed = result.outcomes.filter(({ outcome }) => outcome.status === 'executed').length;
const figures = {
  signals: SIGNALS,
  candles: candles.length,
  executed,
  trades: result.trades.length,
  replayMs: Math.round(replayMs),
  metricsAndBreakdownsMs: Math.round(metricsMs),
  goalMs: GOAL_MS,
  withinGoal: replayMs < GOAL_MS,
};
console.log('| figure | value |');
console.log('|---|---|');
for (const [name, value] of Object.entries(figures)) console.log(`| ${name} | ${value} |`);
console.log(
  `(median of ${RUNS} runs; equity ${metrics.equity} USD, ${metrics.wins} wins / ${metrics.losses} losses / ${metrics.draws} draws)`,
);
if (options.json) await writeFile(options.json, JSON.stringify(figures, null, 2));
