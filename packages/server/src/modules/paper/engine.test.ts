import { describe, expect, it } from 'vitest';
import { equity, openAccount, unrealisedPnl, type AccountState, type ClosedTrade } from './account';
import { applyCandle, closePositionAtMarket, executeSignal, resetAccount, type PaperEvent } from './engine';
import type { StrategySettings } from './settings';
import type { PaperSignal } from './signal';
import { MINUTE, T0, candle, quote, settingsWith, signal } from './test-helpers';

const fresh = (startingBalance = 10_000) => openAccount({ strategyId: 7, startingBalance, openedAt: T0 - MINUTE });

/** Runs signals one after another at the given market prices. */
function run(settings: StrategySettings, steps: [PaperSignal, number | null][], state: AccountState = fresh()) {
  const outcomes = [];
  const events: PaperEvent[] = [];
  for (const [input, price] of steps) {
    const step = executeSignal(state, input, settings, price === null ? null : quote(price, input.receivedAt));
    state = step.state;
    outcomes.push(step.outcome);
    events.push(...step.events);
  }
  const trades = events.flatMap((event) => (event.type === 'trade' ? [event.trade] : []));
  return { state, outcomes, events, trades };
}

const later = (minutes: number) => T0 + minutes * MINUTE;
const fixed = (value: number, overrides: Partial<StrategySettings> = {}) =>
  settingsWith({ sizing: { mode: 'fixed', value }, ...overrides });

describe('given the default settings and a buy at market', () => {
  const { state, outcomes, events } = run(settingsWith(), [[signal({ action: 'buy' }), 100]]);

  it('should buy 1,000 USD worth at the market price and pay 10 bps', () => {
    expect(outcomes[0]).toEqual({
      status: 'executed',
      side: 'buy',
      quantity: 10,
      effect: 'open',
      closedQuantity: 0,
      openedQuantity: 10,
      price: 100,
      fee: 1,
      slippage: 0,
      filledAt: T0,
      latencyMs: 0,
    });
    expect(state.cash).toBe(8_999);
  });

  it('should hold a long position with the fee in its unrealised P&L', () => {
    expect(state.positions.BTC).toMatchObject({
      side: 'long',
      quantity: 10,
      entryPrice: 100,
      cost: 1_000,
      entryFees: 1,
    });
    expect(unrealisedPnl(state)).toBe(-1);
    expect(equity(state)).toBe(9_999);
  });

  it('should announce the fill, the position and the equity', () => {
    expect(events.map((event) => event.type)).toEqual(['fill', 'position', 'equity']);
  });
});

describe('given a long and an opposite signal', () => {
  const buy = signal({ action: 'buy' });
  const sell = signal({ action: 'sell', receivedAt: later(5) });

  it('should close the long and report gross and net P&L with both fees, when set to close', () => {
    const { state, trades } = run(settingsWith({ onOpposite: 'close' }), [
      [buy, 100],
      [sell, 110],
    ]);
    expect(trades).toEqual<ClosedTrade[]>([
      {
        id: 1,
        strategyId: 7,
        symbol: 'BTC',
        side: 'long',
        quantity: 10,
        entryPrice: 100,
        exitPrice: 110,
        entryFee: 1,
        exitFee: 1.1,
        fees: 2.1,
        grossPnl: 100,
        netPnl: 97.9,
        returnPct: 9.79,
        openedAt: T0,
        closedAt: later(5),
        entrySignalIds: [buy.id],
        exitSignalId: sell.id,
        exitReason: 'signal',
      },
    ]);
    expect(state.positions).toEqual({});
    expect(state.realisedPnl).toBe(97.9);
    expect(state.cash).toBe(10_097.9);
  });

  it('should reverse into a short of the size sizing gives at the new price, by default', () => {
    const { state, outcomes, trades } = run(settingsWith(), [
      [buy, 100],
      [sell, 110],
    ]);
    expect(trades.map((trade) => [trade.exitReason, trade.netPnl])).toEqual([['reverse', 97.9]]);
    // 1,000 USD / 110 rounded down to 8 decimals; its notional rounds back to 1,000.00 and its fee to 1.00.
    expect(state.positions.BTC).toMatchObject({ side: 'short', quantity: 9.09090909, entryPrice: 110, entryFees: 1 });
    expect(outcomes[1]).toMatchObject({
      status: 'executed',
      side: 'sell',
      quantity: 19.09090909,
      effect: 'reverse',
      closedQuantity: 10,
      openedQuantity: 9.09090909,
      price: 110,
      fee: 2.1,
    });
  });

  it('should only close the long when shorts are off, even with reverse on', () => {
    const { state, trades } = run(settingsWith({ sides: 'long' }), [
      [buy, 100],
      [sell, 110],
    ]);
    expect(trades.map((trade) => trade.exitReason)).toEqual(['signal']);
    expect(state.positions).toEqual({});
  });
});

describe('given a short', () => {
  it('should profit when the price falls, net of the fee on each fill', () => {
    const { trades } = run(fixed(2), [
      [signal({ action: 'short' }), 50],
      [signal({ action: 'exit_short', receivedAt: later(1) }), 40],
    ]);
    // Sold 2 at 50 (fee 0.10), bought back at 40 (fee 0.08).
    expect(trades[0]).toMatchObject({ side: 'short', grossPnl: 20, fees: 0.18, netPnl: 19.82, returnPct: 19.82 });
  });

  it('should count the short against equity at the marked price', () => {
    const { state } = run(fixed(2), [[signal({ action: 'sell' }), 50]]);
    const marked = applyCandle(state, 'BTC', candle(T0, 50, 61, 50, 60), fixed(2)).state;
    // Cash 10,099.90 less the 120 it now takes to buy the 2 back.
    expect(equity(marked)).toBe(9_979.9);
    expect(unrealisedPnl(marked)).toBe(-20.1);
  });
});

describe('given slippage', () => {
  it('should make buys pay more and sells receive less, and report what it cost', () => {
    const settings = fixed(2, { slippageBps: 50, feeBps: 0, onOpposite: 'close' });
    const { outcomes, trades } = run(settings, [
      [signal({ action: 'buy' }), 100],
      [signal({ action: 'sell', receivedAt: later(1) }), 110],
    ]);
    expect(outcomes[0]).toMatchObject({ price: 100.5, slippage: 1 });
    expect(outcomes[1]).toMatchObject({ price: 109.45, slippage: 1.1 });
    expect(trades[0]).toMatchObject({ entryPrice: 100.5, exitPrice: 109.45, grossPnl: 17.9, netPnl: 17.9 });
  });
});

describe('given pyramiding', () => {
  const buys: [PaperSignal, number][] = [
    [signal({ action: 'buy' }), 100],
    [signal({ action: 'buy', receivedAt: later(1) }), 110],
  ];

  it('should add to the position at the average entry, and move a % stop with it', () => {
    const { state, outcomes } = run(fixed(1, { pyramiding: true, feeBps: 0, stopLossPct: 5 }), buys);
    expect(outcomes[1]).toMatchObject({ status: 'executed', quantity: 1, price: 110 });
    expect(state.positions.BTC).toMatchObject({ quantity: 2, entryPrice: 105, cost: 210 });
    expect(state.positions.BTC!.stopLoss).toEqual({ price: 99.75, source: 'percent' });
  });

  it('should take the P&L from the average entry when the whole position closes', () => {
    const settings = fixed(1, { pyramiding: true, feeBps: 0, onOpposite: 'close' });
    const { trades } = run(settings, [...buys, [signal({ action: 'sell', receivedAt: later(2) }), 120]]);
    expect(trades).toMatchObject([{ quantity: 2, entryPrice: 105, exitPrice: 120, grossPnl: 30 }]);
  });

  it('should ignore a second buy when adding is off, saying what is held', () => {
    const { outcomes, state } = run(fixed(1), buys);
    expect(outcomes[1]).toEqual({
      status: 'ignored',
      reason: 'already long 1 BTC; adding to a position is off for this strategy',
    });
    expect(state.positions.BTC!.quantity).toBe(1);
  });
});

describe('given each sizing mode', () => {
  const sized = (settings: StrategySettings, input: PaperSignal, state = fresh()) => {
    const outcome = executeSignal(state, input, settings, quote(100)).outcome;
    return outcome.status === 'executed' ? outcome.quantity : outcome;
  };

  it("should trade the alert's quantity with signal sizing", () => {
    expect(sized(settingsWith(), signal({ action: 'buy', quantity: 0.25 }))).toBe(0.25);
  });

  it("should fall back to the strategy's notional (1,000 USD unless set) without a quantity", () => {
    expect(sized(settingsWith(), signal({ action: 'buy' }))).toBe(10);
    expect(sized(settingsWith({ sizing: { mode: 'signal', value: 250 } }), signal({ action: 'buy' }))).toBe(2.5);
  });

  it('should trade the fixed quantity whatever the alert says', () => {
    expect(sized(fixed(0.5), signal({ action: 'buy', quantity: 3 }))).toBe(0.5);
  });

  it('should trade a USD notional at the fill price, slippage included', () => {
    expect(sized(settingsWith({ sizing: { mode: 'notional', value: 250 } }), signal({ action: 'buy' }))).toBe(2.5);
    const slipped = settingsWith({ sizing: { mode: 'notional', value: 250 }, slippageBps: 100 });
    expect(sized(slipped, signal({ action: 'buy' }))).toBe(2.47524752);
  });

  it('should trade a share of the current equity, the order and its fee together', () => {
    const percent = settingsWith({ sizing: { mode: 'percent', value: 10 }, feeBps: 0 });
    expect(sized(percent, signal({ action: 'buy' }))).toBe(10);
    expect(sized(percent, signal({ action: 'buy' }), fresh(5_000))).toBe(5);
    // 1,000 USD at 100 with a 10 bps fee: 9.99000999 and its fee of 0.999 USD.
    expect(sized({ ...percent, feeBps: 10 }, signal({ action: 'buy' }))).toBe(9.99000999);
  });

  it('should go all in at 100% whatever the fee and slippage, never past the equity', () => {
    for (const [feeBps, slippageBps] of [
      [10, 0],
      [1_000, 1_000],
    ] as const) {
      const allIn = settingsWith({ sizing: { mode: 'percent', value: 100 }, feeBps, slippageBps });
      const step = executeSignal(fresh(), signal({ action: 'buy' }), allIn, quote(100));
      expect(step.outcome.status).toBe('executed');
      expect(step.state.cash).toBeGreaterThanOrEqual(0);
      expect(step.state.cash).toBeLessThan(0.01);
    }
  });

  it('should ignore an order that rounds to nothing, naming the setting to change', () => {
    expect(sized(fixed(0.000000001), signal({ action: 'buy' }))).toEqual({
      status: 'ignored',
      reason: "the order size rounds to 0 BTC (8 decimals); raise the strategy's size",
    });
  });

  it('should refuse percent sizing when equity is gone', () => {
    const broke = { ...fresh(), cash: -5 };
    expect(sized(settingsWith({ sizing: { mode: 'percent', value: 10 } }), signal({ action: 'buy' }), broke)).toEqual({
      status: 'ignored',
      reason: 'equity is -5 USD; percent sizing needs equity above 0',
    });
  });
});

describe('given a signal the strategy will not execute', () => {
  const long = run(fixed(1), [[signal({ action: 'buy' }), 100]]).state;
  const short = run(fixed(1), [[signal({ action: 'sell' }), 100]]).state;

  it.each<[string, StrategySettings, PaperSignal, AccountState, string]>([
    [
      'paper trading off',
      fixed(1, { paperTrading: false }),
      signal({ action: 'buy' }),
      fresh(),
      'paper trading is off for this strategy',
    ],
    ['an unlisted pair', fixed(1), signal({ action: 'buy', ticker: 'DOGE' }), fresh(), 'no market data for DOGE'],
    [
      'a pair the strategy does not trade',
      fixed(1, { allowedTickers: ['BTC', 'ETH'] }),
      signal({ action: 'buy', ticker: 'SOL' }),
      fresh(),
      'SOL is not traded by this strategy (allowed: BTC, ETH)',
    ],
    [
      'an old alert',
      fixed(1, { maxSignalAgeS: 30 }),
      signal({ action: 'buy', alertTime: T0 - 95_000 }),
      fresh(),
      'signal is 95 s old, the limit is 30 s',
    ],
    [
      'a short with shorts off',
      fixed(1, { sides: 'long' }),
      signal({ action: 'short' }),
      fresh(),
      'shorts are off for this strategy',
    ],
    [
      'a buy with longs off',
      fixed(1, { sides: 'short' }),
      signal({ action: 'buy' }),
      fresh(),
      'longs are off for this strategy',
    ],
    ['an exit with nothing open', fixed(1), signal({ action: 'exit' }), fresh(), 'no position to close'],
    ['a flat with nothing open', fixed(1), signal({ action: 'flat' }), fresh(), 'no position to close'],
    ['an exit_long with nothing open', fixed(1), signal({ action: 'exit_long' }), fresh(), 'no long position to close'],
    [
      'an exit_long while short',
      fixed(1),
      signal({ action: 'exit_long' }),
      short,
      'no long position to close (the open position is short)',
    ],
    [
      'a short while short',
      fixed(1),
      signal({ action: 'short' }),
      short,
      'already short 1 BTC; adding to a position is off for this strategy',
    ],
    [
      'a position_size already reached',
      fixed(1),
      signal({ action: 'buy', positionSize: 1 }),
      long,
      'already long 1 BTC; adding to a position is off for this strategy',
    ],
  ])('should ignore %s with a reason', (_case, settings, input, state, reason) => {
    const step = executeSignal(state, input, settings, quote(100));
    expect(step.outcome).toEqual({ status: 'ignored', reason });
    expect(step.state).toBe(state);
    expect(step.events).toEqual([]);
  });

  it('should execute an alert within the age limit, and one that gives no alert time', () => {
    const settings = fixed(1, { maxSignalAgeS: 30 });
    expect(
      executeSignal(fresh(), signal({ action: 'buy', alertTime: T0 - 30_000 }), settings, quote(100)).outcome.status,
    ).toBe('executed');
    expect(executeSignal(fresh(), signal({ action: 'buy' }), settings, quote(100)).outcome.status).toBe('executed');
  });

  it('should say the age to a tenth of a second when it is not whole', () => {
    const step = executeSignal(
      fresh(),
      signal({ action: 'buy', alertTime: T0 - 30_400 }),
      fixed(1, { maxSignalAgeS: 30 }),
      quote(100),
    );
    expect(step.outcome).toEqual({ status: 'ignored', reason: 'signal is 30.4 s old, the limit is 30 s' });
  });

  it('should ignore a market fill without a price, or with a price from before a gap in the data', () => {
    const buy = signal({ action: 'buy' });
    const noData = { status: 'ignored', reason: 'no market data for BTC' };
    expect(executeSignal(fresh(), buy, fixed(1), null).outcome).toEqual(noData);
    expect(executeSignal(fresh(), buy, fixed(1), quote(100, T0 - 5 * MINUTE - 1)).outcome).toEqual(noData);
    expect(executeSignal(fresh(), buy, fixed(1), quote(100, T0 - 5 * MINUTE)).outcome.status).toBe('executed');
  });

  it('should say what the position makes of the signal before saying there is no market data', () => {
    expect(executeSignal(fresh(), signal({ action: 'exit' }), fixed(1), null).outcome).toEqual({
      status: 'ignored',
      reason: 'no position to close',
    });
  });
});

describe("given TradingView's position_size and market_position", () => {
  const longTwo = run(fixed(2), [[signal({ action: 'buy' }), 100]]).state;

  it('should reduce to a smaller target, closing the difference as a trade of its own', () => {
    const { state, trades } = run(
      settingsWith({ feeBps: 0 }),
      [[signal({ action: 'sell', positionSize: 0.5, receivedAt: later(1) }), 120]],
      longTwo,
    );
    expect(trades).toMatchObject([
      { id: 2, quantity: 1.5, entryPrice: 100, exitPrice: 120, grossPnl: 30, exitReason: 'signal' },
    ]);
    expect(state.positions.BTC).toMatchObject({ id: 1, quantity: 0.5, cost: 50 });
  });

  it('should go to the other side when the target has the other sign', () => {
    const { state, outcomes } = run(
      settingsWith(),
      [[signal({ action: 'sell', positionSize: -1, receivedAt: later(1) }), 100]],
      longTwo,
    );
    expect(outcomes[0]).toMatchObject({ side: 'sell', quantity: 3 });
    expect(state.positions.BTC).toMatchObject({ side: 'short', quantity: 1 });
  });

  it('should close on a target of 0, whatever the action says', () => {
    const { state } = run(settingsWith(), [[signal({ action: 'buy', positionSize: 0 }), 100]], longTwo);
    expect(state.positions).toEqual({});
  });

  it('should follow market_position, sized by the strategy', () => {
    const { state } = run(fixed(0.3), [[signal({ action: 'buy', marketPosition: 'short' }), 100]], longTwo);
    expect(state.positions.BTC).toMatchObject({ side: 'short', quantity: 0.3 });
    const flat = run(fixed(0.3), [[signal({ action: 'buy', marketPosition: 'flat' }), 100]], longTwo).state;
    expect(flat.positions).toEqual({});
  });

  it('should treat a target below the smallest quantity as flat', () => {
    const { state } = run(settingsWith(), [[signal({ action: 'buy', positionSize: 0.000000001 }), 100]], longTwo);
    expect(state.positions).toEqual({});
  });

  it('should take only the direction of position_size when sizing is not signal', () => {
    const { state } = run(fixed(0.3), [[signal({ action: 'buy', positionSize: 5 }), 100]]);
    expect(state.positions.BTC!.quantity).toBe(0.3);
  });
});

describe('given each fill price', () => {
  it("should fill at the alert's price with signal fills, else at market", () => {
    const settings = fixed(1, { fill: 'signal' });
    expect(executeSignal(fresh(), signal({ action: 'buy', price: 97 }), settings, quote(100)).outcome).toMatchObject({
      price: 97,
    });
    expect(executeSignal(fresh(), signal({ action: 'buy' }), settings, quote(100)).outcome).toMatchObject({
      price: 100,
    });
    expect(executeSignal(fresh(), signal({ action: 'buy', price: 97 }), settings, null).outcome).toMatchObject({
      price: 97,
    });
  });

  it('should ignore the alert price with market fills', () => {
    expect(executeSignal(fresh(), signal({ action: 'buy', price: 97 }), fixed(1), quote(100)).outcome).toMatchObject({
      price: 100,
    });
  });

  describe('next_open', () => {
    const settings = fixed(1, { fill: 'next_open', feeBps: 0 });
    const buy = signal({ action: 'buy', receivedAt: T0 + 20_000 });
    const exit = signal({ action: 'exit', receivedAt: T0 + 40_000 });
    const pending = executeSignal(fresh(), buy, settings, null);
    const both = executeSignal(pending.state, exit, settings, null);

    it('should leave the outcome pending until a candle opens after receipt', () => {
      expect(pending.outcome).toEqual({ status: 'pending', reason: 'waiting for the open of the next 1m candle' });
      const same = applyCandle(pending.state, 'BTC', candle(T0, 99, 101, 98, 100), settings);
      expect(same.outcomes).toEqual([]);
      expect(same.state.positions).toEqual({});
    });

    it("should fill at the next candle's open, with the wait as latency", () => {
      const step = applyCandle(pending.state, 'BTC', candle(T0 + MINUTE, 102, 103, 101, 102.5), settings);
      expect(step.outcomes).toEqual([
        {
          signalId: buy.id,
          outcome: {
            status: 'executed',
            side: 'buy',
            quantity: 1,
            effect: 'open',
            closedQuantity: 0,
            openedQuantity: 1,
            price: 102,
            fee: 0,
            slippage: 0,
            filledAt: T0 + MINUTE,
            latencyMs: 40_000,
          },
        },
      ]);
      expect(step.state.pending).toEqual([]);
    });

    it('should decide waiting signals in the order they arrived', () => {
      const step = applyCandle(both.state, 'BTC', candle(T0 + MINUTE, 102, 103, 101, 102.5), settings);
      expect(step.outcomes.map(({ outcome }) => outcome.status)).toEqual(['executed', 'executed']);
      expect(step.state.positions).toEqual({});
      expect(step.events.flatMap((event) => (event.type === 'trade' ? [event.trade.netPnl] : []))).toEqual([0]);
    });

    it('should decide at the open, so a signal the position cannot use is ignored then', () => {
      const lone = executeSignal(fresh(), exit, settings, null);
      expect(lone.outcome.status).toBe('pending');
      const step = applyCandle(lone.state, 'BTC', candle(T0 + MINUTE, 102, 103, 101, 102.5), settings);
      expect(step.outcomes).toEqual([
        { signalId: exit.id, outcome: { status: 'ignored', reason: 'no position to close' } },
      ]);
    });

    it("should leave another pair's candle alone", () => {
      const step = applyCandle(pending.state, 'ETH', candle(T0 + MINUTE, 5, 5, 5, 5), settings);
      expect(step.state.pending).toEqual([buy]);
    });
  });
});

describe('given a stop loss and a take profit', () => {
  const settings = fixed(1, { feeBps: 0, stopLossPct: 5, takeProfitPct: 10 });
  const long = run(settings, [[signal({ action: 'buy' }), 100]]).state;
  const short = run(settings, [[signal({ action: 'sell' }), 100]]).state;
  const exitOf = (state: AccountState, bar: ReturnType<typeof candle>, withSettings = settings) =>
    applyCandle(state, 'BTC', bar, withSettings).events.flatMap((event) =>
      event.type === 'trade' ? [event.trade] : [],
    );

  it('should place them at % from the entry', () => {
    expect(long.positions.BTC).toMatchObject({
      stopLoss: { price: 95, source: 'percent' },
      takeProfit: { price: 110, source: 'percent' },
    });
    expect(short.positions.BTC).toMatchObject({
      stopLoss: { price: 105, source: 'percent' },
      takeProfit: { price: 90, source: 'percent' },
    });
  });

  it('should stop out at the stop when a candle trades through it', () => {
    expect(exitOf(long, candle(T0, 99, 101, 94, 96))).toMatchObject([
      { exitPrice: 95, grossPnl: -5, exitReason: 'stop_loss', exitSignalId: null },
    ]);
    expect(exitOf(short, candle(T0, 101, 106, 99, 104))).toMatchObject([
      { exitPrice: 105, grossPnl: -5, exitReason: 'stop_loss' },
    ]);
  });

  it('should take the stop first when one candle touches both', () => {
    expect(exitOf(long, candle(T0, 100, 111, 94, 105))).toMatchObject([{ exitPrice: 95, exitReason: 'stop_loss' }]);
  });

  it('should fill at the open when the candle gaps through the stop', () => {
    expect(exitOf(long, candle(T0, 90, 92, 89, 91))).toMatchObject([
      { exitPrice: 90, grossPnl: -10, exitReason: 'stop_loss' },
    ]);
  });

  it('should take profit at the target, without slippage, and slip the stop', () => {
    const slipping = { ...settings, slippageBps: 100 };
    expect(exitOf(long, candle(T0, 100, 112, 99, 111), slipping)).toMatchObject([
      { exitPrice: 110, exitReason: 'take_profit' },
    ]);
    expect(exitOf(short, candle(T0, 100, 101, 89, 95), slipping)).toMatchObject([
      { exitPrice: 90, exitReason: 'take_profit' },
    ]);
    expect(exitOf(long, candle(T0, 99, 101, 94, 96), slipping)).toMatchObject([{ exitPrice: 94.05 }]);
  });

  it('should not exit on a candle that does not reach either', () => {
    expect(exitOf(long, candle(T0, 100, 109, 96, 105))).toEqual([]);
  });

  it('should not check a candle that started before the entry', () => {
    expect(exitOf(long, candle(T0 - MINUTE, 99, 101, 90, 96))).toEqual([]);
  });

  it("should use the alert's prices over the percentages, and keep them when a later entry gives none", () => {
    const alerted = run({ ...settings, pyramiding: true }, [
      [signal({ action: 'buy', stopLoss: 97, takeProfit: 130 }), 100],
      [signal({ action: 'buy', receivedAt: later(1) }), 104],
    ]).state;
    expect(alerted.positions.BTC).toMatchObject({
      entryPrice: 102,
      stopLoss: { price: 97, source: 'alert' },
      takeProfit: { price: 130, source: 'alert' },
    });
  });

  it('should mark the position at the close of a candle that does not exit', () => {
    const step = applyCandle(long, 'BTC', candle(T0, 100, 109, 96, 105), settings);
    expect(step.state.marks.BTC).toEqual({ price: 105, time: T0 + MINUTE });
    expect(unrealisedPnl(step.state)).toBe(5);
  });
});

describe('given a stop or target on the wrong side of the fill', () => {
  // 20 bps of slippage: at a market price of 100, a buy fills at 100.2 and a sell at 99.8.
  const settings = fixed(1, { feeBps: 0, slippageBps: 20 });
  const open = (
    action: 'buy' | 'sell',
    levels: Partial<Pick<PaperSignal, 'stopLoss' | 'takeProfit'>>,
    start: AccountState = fresh(),
  ) => executeSignal(start, signal({ action, ...levels }), settings, quote(100));

  it.each([
    [
      'buy',
      { stopLoss: 105 },
      "stop_loss 105 is above 100.2, the price this long would fill at: a long's stop must be below its entry",
    ],
    [
      'buy',
      { stopLoss: 100.2 },
      "stop_loss 100.2 is at 100.2, the price this long would fill at: a long's stop must be below its entry",
    ],
    // Above the market price, but below what the buy pays once slipped.
    [
      'buy',
      { takeProfit: 100.1 },
      "take_profit 100.1 is below 100.2, the price this long would fill at: a long's target must be above its entry",
    ],
    [
      'buy',
      { takeProfit: 100.2 },
      "take_profit 100.2 is at 100.2, the price this long would fill at: a long's target must be above its entry",
    ],
    [
      'sell',
      { stopLoss: 95 },
      "stop_loss 95 is below 99.8, the price this short would fill at: a short's stop must be above its entry",
    ],
    [
      'sell',
      { stopLoss: 99.8 },
      "stop_loss 99.8 is at 99.8, the price this short would fill at: a short's stop must be above its entry",
    ],
    [
      'sell',
      { takeProfit: 99.9 },
      "take_profit 99.9 is above 99.8, the price this short would fill at: a short's target must be below its entry",
    ],
    [
      'sell',
      { takeProfit: 99.8 },
      "take_profit 99.8 is at 99.8, the price this short would fill at: a short's target must be below its entry",
    ],
    // More decimals than a price has: the engine holds the stop as given, a hair above the fill.
    [
      'buy',
      { stopLoss: 100.200000001 },
      "stop_loss 100.200000001 is above 100.2, the price this long would fill at: a long's stop must be below its entry",
    ],
    // Below what the buy pays once slipped, but above the market: the next candle would trade through it.
    [
      'buy',
      { stopLoss: 100.1 },
      "stop_loss 100.1 is above 100, the market price: a long's stop must be below the market, or the next candle would close the position at once",
    ],
    [
      'buy',
      { stopLoss: 100 },
      "stop_loss 100 is at 100, the market price: a long's stop must be below the market, or the next candle would close the position at once",
    ],
    [
      'sell',
      { stopLoss: 99.9 },
      "stop_loss 99.9 is below 100, the market price: a short's stop must be above the market, or the next candle would close the position at once",
    ],
  ] as const)('should refuse a %s with %o, saying where it is and where it belongs', (action, levels, reason) => {
    const start = fresh();
    const step = open(action, levels, start);
    expect(step.outcome).toEqual({ status: 'ignored', reason });
    expect(step.state).toBe(start);
    expect(step.events).toEqual([]);
  });

  it.each([
    ['buy', { stopLoss: 95, takeProfit: 110 }, 'long'],
    ['sell', { stopLoss: 105, takeProfit: 90 }, 'short'],
    // Just past the market price and the slipped fill: a stop beyond the market, a target beyond the fill.
    ['buy', { stopLoss: 99.9, takeProfit: 100.3 }, 'long'],
    ['sell', { stopLoss: 100.1, takeProfit: 99.7 }, 'short'],
  ] as const)('should open a %s whose stop and target are on their sides of the fill', (action, levels, side) => {
    const step = open(action, levels);
    expect(step.outcome).toMatchObject({ status: 'executed', effect: 'open' });
    expect(step.state.positions.BTC).toMatchObject({
      side,
      stopLoss: { price: levels.stopLoss, source: 'alert' },
      takeProfit: { price: levels.takeProfit, source: 'alert' },
    });
  });

  describe('with fill "signal" (the alert\'s price is the fill, the market may be elsewhere)', () => {
    const signalFills = fixed(1, { fill: 'signal', feeBps: 0, slippageBps: 0 });

    it.each([
      [
        'buy',
        { stopLoss: 101 },
        "stop_loss 101 is above 100, the market price: a long's stop must be below the market, or the next candle would close the position at once",
      ],
      [
        'sell',
        { stopLoss: 99 },
        "stop_loss 99 is below 100, the market price: a short's stop must be above the market, or the next candle would close the position at once",
      ],
    ] as const)(
      'should refuse a %s whose stop %o lies past the market, though beyond the alert price',
      (action, levels, reason) => {
        const price = action === 'buy' ? 102 : 98;
        const step = executeSignal(fresh(), signal({ action, price, ...levels }), signalFills, quote(100));
        expect(step.outcome).toEqual({ status: 'ignored', reason });
      },
    );

    it('should check a stop against the alert price alone when there is no market data', () => {
      const step = executeSignal(fresh(), signal({ action: 'buy', price: 102, stopLoss: 101 }), signalFills, null);
      expect(step.outcome).toMatchObject({ status: 'executed', price: 102 });
    });
  });

  it('should name the misplaced level before what the order would cost', () => {
    const step = executeSignal(
      fresh(),
      signal({ action: 'buy', quantity: 200, stopLoss: 105 }),
      settingsWith(),
      quote(100),
    );
    expect(step.outcome).toEqual({
      status: 'ignored',
      reason: "stop_loss 105 is above 100, the price this long would fill at: a long's stop must be below its entry",
    });
  });

  it('should check only orders that open or add: a close with a stop_loss closes', () => {
    const { outcomes } = run(fixed(1), [
      [signal({ action: 'buy' }), 100],
      [signal({ action: 'exit', stopLoss: 1_000 }), 100],
    ]);
    expect(outcomes[1]).toMatchObject({ status: 'executed', effect: 'close' });
  });

  it('should close on a reversal whose new side has its stop below the fill, and say why that side did not open', () => {
    const { state, outcomes, trades } = run(settingsWith({ feeBps: 0, slippageBps: 20 }), [
      [signal({ action: 'buy', quantity: 1 }), 100],
      [signal({ action: 'sell', quantity: 1, stopLoss: 95 }), 100],
    ]);
    expect(outcomes[1]).toEqual({
      status: 'executed',
      side: 'sell',
      quantity: 1,
      effect: 'close',
      closedQuantity: 1,
      openedQuantity: 0,
      price: 99.8,
      fee: 0,
      slippage: 0.2,
      filledAt: T0,
      latencyMs: 0,
      note: "short not opened: stop_loss 95 is below 99.8, the price this short would fill at: a short's stop must be above its entry",
    });
    expect(state.positions).toEqual({});
    // No reversal happened: the trade ended on the signal.
    expect(trades.map((trade) => trade.exitReason)).toEqual(['signal']);
  });

  describe('when pyramiding adds', () => {
    const adding = settingsWith({ sizing: { mode: 'signal', value: 1_000 }, feeBps: 0, pyramiding: true });

    it('should refuse an add below the stop an earlier alert set, and take one that moves the stop under its fill', () => {
      const { state, outcomes } = run(adding, [
        [signal({ action: 'buy', quantity: 1, stopLoss: 95 }), 100],
        [signal({ action: 'buy', quantity: 1, receivedAt: later(1) }), 94],
        [signal({ action: 'buy', quantity: 1, stopLoss: 90, receivedAt: later(2) }), 94],
      ]);
      expect(outcomes[1]).toEqual({
        status: 'ignored',
        reason:
          "the position's stop_loss 95 (from an earlier alert) is above 94, the price this long would fill at: a long's stop must be below its entry",
      });
      expect(outcomes[2]).toMatchObject({ status: 'executed', effect: 'add' });
      expect(state.positions.BTC).toMatchObject({
        quantity: 2,
        entryPrice: 97,
        stopLoss: { price: 90, source: 'alert' },
      });
    });

    it('should refuse an add that pulls a % stop above its own fill, naming the setting and the average', () => {
      // 1 BTC at 100, then 10 at 80: the average entry is 81.81818182 and a 1% stop 81, above the add's fill.
      const { state, outcomes } = run({ ...adding, stopLossPct: 1 }, [
        [signal({ action: 'buy', quantity: 1 }), 100],
        [signal({ action: 'buy', quantity: 10, receivedAt: later(1) }), 80],
      ]);
      expect(outcomes[1]).toEqual({
        status: 'ignored',
        reason:
          "the stop 81 (stopLossPct 1% from the average entry 81.81818182) is above 80, the price this long would fill at: a long's stop must be below its entry",
      });
      expect(state.positions.BTC).toMatchObject({ quantity: 1, stopLoss: { price: 99, source: 'percent' } });
    });
  });

  describe('with next_open fills', () => {
    const nextOpen = fixed(1, { feeBps: 0, fill: 'next_open' });
    const buy = signal({ action: 'buy', stopLoss: 101, receivedAt: T0 + 20_000 });
    // At receipt the market was 100.5: the stop was above it, and is decided against the open that fills it.
    const waiting = executeSignal(fresh(), buy, nextOpen, quote(100.5));

    it('should wait, then refuse the buy at an open below its stop', () => {
      expect(waiting.outcome.status).toBe('pending');
      const step = applyCandle(waiting.state, 'BTC', candle(T0 + MINUTE, 100, 103, 99, 102), nextOpen);
      expect(step.outcomes).toEqual([
        {
          signalId: buy.id,
          outcome: {
            status: 'ignored',
            reason:
              "stop_loss 101 is above 100, the price this long would fill at: a long's stop must be below its entry",
          },
        },
      ]);
      expect(step.state.positions).toEqual({});
      expect(step.state.pending).toEqual([]);
    });

    it('should open at an open above its stop', () => {
      const step = applyCandle(waiting.state, 'BTC', candle(T0 + MINUTE, 102, 103, 101.5, 102.5), nextOpen);
      expect(step.outcomes).toMatchObject([{ signalId: buy.id, outcome: { status: 'executed', price: 102 } }]);
      expect(step.state.positions.BTC).toMatchObject({ stopLoss: { price: 101, source: 'alert' } });
    });
  });
});

describe('given an open position closed by hand', () => {
  const settings = fixed(1);
  const long = run(settings, [[signal({ action: 'buy' }), 100]]).state;

  it('should close it at market with a manual exit', () => {
    const step = closePositionAtMarket(long, 'BTC', settings, quote(90, later(3)), later(3));
    expect(step.outcome).toMatchObject({ status: 'executed', side: 'sell', quantity: 1, price: 90, fee: 0.09 });
    expect(step.events.flatMap((event) => (event.type === 'trade' ? [event.trade] : []))).toMatchObject([
      { exitReason: 'manual', exitSignalId: null, grossPnl: -10, fees: 0.19, netPnl: -10.19 },
    ]);
    expect(step.state.positions).toEqual({});
  });

  it('should say there is nothing to close, or no price to close at', () => {
    expect(closePositionAtMarket(long, 'ETH', settings, quote(90), T0).outcome).toEqual({
      status: 'ignored',
      reason: 'no ETH position to close',
    });
    expect(closePositionAtMarket(long, 'BTC', settings, null, T0).outcome).toEqual({
      status: 'ignored',
      reason: 'no market data for BTC',
    });
  });
});

describe('given an account reset', () => {
  it('should empty it with the new balance and keep ids growing', () => {
    const { state } = run(fixed(1), [[signal({ action: 'buy' }), 100]]);
    const reset = resetAccount(state, 5_000, later(10));
    expect(reset).toEqual({
      state: { ...openAccount({ strategyId: 7, startingBalance: 5_000, openedAt: later(10) }), nextId: 2 },
      outcomes: [],
    });
  });

  it('should give signals still waiting for a next_open fill their final outcome', () => {
    const waiting = signal({ action: 'buy' });
    const { state } = executeSignal(fresh(), waiting, fixed(1, { fill: 'next_open' }), null);
    expect(resetAccount(state, 5_000, later(1)).outcomes).toEqual([
      {
        signalId: waiting.id,
        outcome: { status: 'ignored', reason: 'the paper account was reset before the next candle opened' },
      },
    ]);
  });
});

describe('given an order the account cannot hold', () => {
  it.each([
    ['a quantity', { quantity: 1e308 }],
    ['a position_size', { positionSize: 1e308 }],
  ])('should ignore %s that makes the notional absurd, and leave the account untouched', (_, fields) => {
    const start = fresh();
    const step = executeSignal(start, signal({ action: 'buy', ...fields }), settingsWith(), quote(100));
    expect(step.outcome).toEqual({
      status: 'ignored',
      reason: expect.stringMatching(/is worth more than 1,000,000,000,000\.00 USD, the largest order/),
      // TradingView holds the position the account could not take.
      ...('positionSize' in fields && { outOfSync: expect.objectContaining({ at: 'after' }) }),
    });
    expect(step.state).toBe(start);
    expect(step.events).toEqual([]);
  });

  it('should ignore an order that costs more than the equity, saying what it needs and what there is', () => {
    const step = executeSignal(fresh(), signal({ action: 'buy', quantity: 200 }), settingsWith(), quote(100));
    expect(step.outcome).toEqual({
      status: 'ignored',
      reason:
        'order needs 20,020.00 USD, the account has 10,000.00 USD available (equity less the margin of open positions)',
    });
  });

  it('should hold a margin equal to a short, so a second order sees only what is left', () => {
    const { outcomes } = run(fixed(60, { feeBps: 0 }), [
      [signal({ action: 'sell' }), 100],
      [signal({ action: 'buy', ticker: 'ETH' }), 100],
    ]);
    expect(outcomes[0]).toMatchObject({ status: 'executed', quantity: 60 });
    expect(outcomes[1]).toEqual({
      status: 'ignored',
      reason:
        'order needs 6,000.00 USD, the account has 4,000.00 USD available (equity less the margin of open positions)',
    });
  });

  it('should still close on a reversal whose new side it cannot afford, and say why the new side did not open', () => {
    const { state, outcomes, trades } = run(settingsWith({ feeBps: 0 }), [
      [signal({ action: 'buy', quantity: 50 }), 100],
      [signal({ action: 'sell', quantity: 500 }), 100],
    ]);
    expect(outcomes[1]).toMatchObject({
      status: 'executed',
      side: 'sell',
      quantity: 50,
      effect: 'close',
      note: 'short not opened: order needs 50,000.00 USD, the account has 10,000.00 USD available (equity less the margin of open positions)',
    });
    expect(state.positions).toEqual({});
    // No reversal happened: the trade ended on the signal.
    expect(trades.map((trade) => trade.exitReason)).toEqual(['signal']);
  });

  it('should give a reversal that opens its new side no note', () => {
    const { outcomes } = run(settingsWith({ feeBps: 0 }), [
      [signal({ action: 'buy', quantity: 50 }), 100],
      [signal({ action: 'sell', quantity: 20 }), 100],
    ]);
    expect(outcomes[1]).toMatchObject({ status: 'executed', effect: 'reverse' });
    expect(outcomes[1]).not.toHaveProperty('note');
  });
});

describe('given orders that open, add to, reduce, close and reverse a position', () => {
  it('should say what each did to the position, and how much of it closed and how much opened', () => {
    const { outcomes } = run(settingsWith({ sizing: { mode: 'signal', value: 100 }, feeBps: 0, pyramiding: true }), [
      [signal({ action: 'buy', positionSize: 2 }), 100],
      [signal({ action: 'buy', positionSize: 3 }), 100],
      [signal({ action: 'sell', positionSize: 1 }), 100],
      [signal({ action: 'sell', positionSize: 0 }), 100],
      [signal({ action: 'sell', positionSize: -2 }), 100],
      [signal({ action: 'buy', positionSize: 1 }), 100],
    ]);
    expect(
      outcomes.map((outcome) =>
        outcome.status === 'executed'
          ? [outcome.side, outcome.effect, outcome.closedQuantity, outcome.openedQuantity, outcome.quantity]
          : outcome,
      ),
    ).toEqual([
      ['buy', 'open', 0, 2, 2],
      ['buy', 'add', 0, 1, 1],
      ['sell', 'reduce', 2, 0, 2],
      ['sell', 'close', 1, 0, 1],
      ['sell', 'open', 0, 2, 2],
      ['buy', 'reverse', 2, 1, 3],
    ]);
  });

  it('should call a close at market a close of the whole position', () => {
    const opened = run(fixed(2), [[signal({ action: 'buy' }), 100]]).state;
    const closed = closePositionAtMarket(opened, 'BTC', fixed(2), quote(101, later(1)), later(1));
    expect(closed.outcome).toMatchObject({ effect: 'close', closedQuantity: 2, openedQuantity: 0, side: 'sell' });
  });
});

describe('given a signal price far from the market with signal fills', () => {
  it('should ignore an alert price more than 10% from the market, and take one within', () => {
    const settings = fixed(1, { fill: 'signal' });
    expect(executeSignal(fresh(), signal({ action: 'buy', price: 1 }), settings, quote(84_000)).outcome).toEqual({
      status: 'ignored',
      reason: `the alert's price 1 is 100.0% from the market price 84000; fill "signal" takes alert prices within 10% of the market`,
    });
    expect(executeSignal(fresh(), signal({ action: 'buy', price: 91 }), settings, quote(100)).outcome).toMatchObject({
      status: 'executed',
      price: 91,
    });
  });
});

describe('given an alert time in the future', () => {
  it('should ignore it beyond 60 s of clock skew when the strategy limits signal age', () => {
    const settings = fixed(1, { maxSignalAgeS: 30 });
    const ahead = executeSignal(fresh(), signal({ action: 'buy', alertTime: T0 + 3_600_000 }), settings, quote(100));
    expect(ahead.outcome).toEqual({
      status: 'ignored',
      reason: 'alert time is 3600 s in the future (more than the 60 s clock skew allowed)',
    });
    const skewed = executeSignal(fresh(), signal({ action: 'buy', alertTime: T0 + 30_000 }), settings, quote(100));
    expect(skewed.outcome.status).toBe('executed');
  });
});

describe("given an alert's market_position, stop_loss and take_profit", () => {
  it('should close on a buy whose market_position is flat, instead of opening', () => {
    const { state, outcomes } = run(fixed(1), [
      [signal({ action: 'buy' }), 100],
      [signal({ action: 'buy', marketPosition: 'flat' }), 100],
    ]);
    expect(outcomes[1]).toMatchObject({ status: 'executed', side: 'sell', quantity: 1 });
    expect(state.positions).toEqual({});
  });

  it("should take the alert's stop and target prices over the strategy's percentages", () => {
    const { state } = run(fixed(1, { stopLossPct: 5, takeProfitPct: 10 }), [
      [signal({ action: 'buy', stopLoss: 90, takeProfit: 130 }), 100],
    ]);
    expect(state.positions.BTC).toMatchObject({
      stopLoss: { price: 90, source: 'alert' },
      takeProfit: { price: 130, source: 'alert' },
    });
  });
});

describe('given alerts that carry TradingView position (out of sync)', () => {
  const long = () => run(settingsWith(), [[signal({ action: 'buy', quantity: 1 }), 100]]).state;

  it('should not flag an alert whose previous and target positions match the paper book', () => {
    const { outcomes } = run(
      settingsWith(),
      [
        [
          signal({
            action: 'sell',
            prevMarketPosition: 'long',
            prevPositionSize: 1,
            marketPosition: 'flat',
            positionSize: 0,
          }),
          110,
        ],
      ],
      long(),
    );
    expect(outcomes[0]).toMatchObject({ status: 'executed', side: 'sell', quantity: 1 });
    expect(outcomes[0]).not.toHaveProperty('outOfSync');
  });

  it('should flag TradingView flat before the order while the paper account is long, showing both', () => {
    const { outcomes } = run(
      settingsWith(),
      [[signal({ action: 'buy', quantity: 1, prevMarketPosition: 'flat', marketPosition: 'long' }), 110]],
      long(),
    );
    expect(outcomes[0]).toEqual({
      status: 'ignored',
      reason: 'already long 1 BTC; adding to a position is off for this strategy',
      outOfSync: {
        at: 'before',
        tradingView: { position: 'flat', size: 0 },
        paper: { position: 'long', size: 1 },
      },
    });
  });

  it('should flag a size mismatch: TradingView held 2 BTC before the order, the account 1', () => {
    const { outcomes } = run(
      settingsWith(),
      [[signal({ action: 'sell', prevMarketPosition: 'long', prevPositionSize: 2, positionSize: 0 }), 110]],
      long(),
    );
    expect(outcomes[0]).toMatchObject({
      status: 'executed',
      outOfSync: { at: 'before', tradingView: { position: 'long', size: 2 }, paper: { position: 'long', size: 1 } },
    });
  });

  it('should flag a target TradingView reached and the account did not (an add the account refused)', () => {
    const { outcomes } = run(settingsWith(), [[signal({ action: 'buy', positionSize: 2 }), 110]], long());
    expect(outcomes[0]).toMatchObject({
      status: 'ignored',
      outOfSync: { at: 'after', tradingView: { position: 'long', size: 2 }, paper: { position: 'long', size: 1 } },
    });
  });

  it('should compare only sides when the strategy sizes positions itself', () => {
    const { outcomes } = run(
      fixed(1),
      [[signal({ action: 'sell', prevMarketPosition: 'long', prevPositionSize: 5, positionSize: -5 }), 110]],
      long(),
    );
    expect(outcomes[0]).toMatchObject({ status: 'executed' });
    expect(outcomes[0]).not.toHaveProperty('outOfSync');
  });

  it('should never flag an alert without position fields, whatever the book holds', () => {
    const { outcomes } = run(
      settingsWith(),
      [
        [signal({ action: 'buy', quantity: 1 }), 110],
        [signal({ action: 'exit_short' }), 110],
        [signal({ action: 'sell' }), 110],
      ],
      long(),
    );
    expect(outcomes.map((outcome) => outcome.status)).toEqual(['ignored', 'ignored', 'executed']);
    for (const outcome of outcomes) expect(outcome).not.toHaveProperty('outOfSync');
  });

  it('should check a next_open signal when the open fills it, against the book at that open', () => {
    const settings = settingsWith({ fill: 'next_open' });
    const waiting = signal({ action: 'sell', prevMarketPosition: 'flat', receivedAt: T0 + 10_000 });
    const pending = executeSignal(long(), waiting, settings, quote(100));
    expect(pending.outcome).toEqual({ status: 'pending', reason: 'waiting for the open of the next 1m candle' });
    const filled = applyCandle(pending.state, 'BTC', candle(T0 + MINUTE, 101, 102, 100, 101), settings);
    expect(filled.outcomes[0]!.outcome).toMatchObject({
      status: 'executed',
      outOfSync: { at: 'before', tradingView: { position: 'flat', size: 0 }, paper: { position: 'long', size: 1 } },
    });
  });
});
