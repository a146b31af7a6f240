import { INTERVALS, type Candle, type Interval } from '../modules/market/markets';
import type { User } from '../modules/auth/schemas';
import type { CandleUpdate } from '../modules/stream/schemas';
import type { Position, Trade } from '../modules/paper/schemas';
import type { Signal } from '../modules/signals/schemas';
import type { NotificationUpdate } from '../modules/notifications/schemas';

/** Example values the routes' declarations share, so the API reference shows one consistent story. */

export const password = 'correct horse battery';
export const user: User = { id: 7, name: 'Ada Lovelace', email: 'ada@example.com' };
export const signedIn = { user, token: '12|Z4xD9trUwhNE7932xkKqLDygyBumT0Kr6sha5z6ut_0' };
export const webhookUrl = 'https://signals.example.com/api/webhooks/mGm7DU5v_9AwnG5JspchJT2O9KLhl2R1cDSjgPtCLqY';
export const alertText =
  '{"ticker": "BINANCE:BTCUSDT", "action": "buy", "price": "65000.5", "quantity": "0.25", "interval": "15", "strategy": "EMA cross", "time": "2025-06-04T10:30:00Z", "id": "ema-7-1749033000"}';

export const signal: Signal = {
  id: '42',
  ticker: 'BTC',
  action: 'buy',
  price: 65000.5,
  quantity: 0.25,
  positionSize: null,
  interval: '15m',
  strategy: 'EMA cross',
  comment: null,
  status: 'accepted',
  reason: null,
  reasonCode: null,
  duplicateOf: null,
  alertTime: 1749033000000,
  receivedAt: 1749033000412,
  storedAt: 1749033000415,
  decidedAt: 1749033000431,
  repeats: 0,
  strategyId: '3',
  testAlert: false,
  outcome: {
    status: 'executed',
    side: 'buy',
    quantity: 0.25,
    effect: 'open',
    closedQuantity: 0,
    openedQuantity: 0.25,
    price: 65010.25,
    fee: 16.252563,
    slippage: 0,
    filledAt: 1749033000412,
    latencyMs: 0,
  },
};

export const rejectedSignal: Signal = {
  ...signal,
  id: '41',
  action: null,
  price: null,
  quantity: null,
  status: 'rejected',
  reason:
    'Missing action: add "action": "{{strategy.order.action}}" to the alert message (in an indicator alert, write "buy" or "sell")',
  reasonCode: 'missing-action',
  outcome: null,
  receivedAt: 1749032940208,
};

export const candle = (time: number, open: number, close: number, volume: number): Candle => ({
  time,
  open,
  high: Math.max(open, close) + 12.5,
  low: Math.min(open, close) - 8.25,
  close,
  volume,
});

const INTERVAL_START: Record<Interval, number> = {
  '1m': 1749033000000,
  '5m': 1749033000000,
  '15m': 1749033000000,
  '1h': 1749031200000,
  '4h': 1749024000000,
  '1d': 1748995200000,
};

export const candleUpdate: CandleUpdate = {
  symbol: 'BTC',
  candles: Object.fromEntries(
    INTERVALS.map((interval) => [interval, candle(INTERVAL_START[interval], 84943.46, 84969.97, 12.40342)]),
  ) as Record<Interval, Candle>,
};

/** A closed paper trade: the buy of signal 42, closed by signal 57. */
export const trade: Trade = {
  id: '12',
  strategyId: '3',
  symbol: 'BTC',
  side: 'long',
  status: 'closed',
  quantity: 0.015384,
  entryPrice: 65000,
  exitPrice: 66000,
  entryFee: 0.99996,
  exitFee: 1.015344,
  fees: 2.015304,
  grossPnl: 15.384,
  netPnl: 13.368696,
  returnPct: 1.336962,
  openedAt: 1749033000412,
  closedAt: 1749036600108,
  entrySignalIds: ['42'],
  exitSignalId: '57',
  exitReason: 'signal',
};

export const position: Position = {
  id: '13',
  strategyId: '3',
  symbol: 'BTC',
  side: 'long',
  quantity: 0.015384,
  entryPrice: 65000,
  markPrice: 65500,
  unrealisedPnl: 6.69204,
  entryFees: 0.99996,
  stopLoss: null,
  takeProfit: null,
  openedAt: 1749033000412,
  entrySignalIds: ['42'],
};

/** A `notification` stream event: a stop loss closed a trade; the trader has 3 unread notifications. */
export const notification: NotificationUpdate = {
  id: 12,
  event: 'exit_hit',
  title: 'Stop loss hit: BTC long closed, P&L \u2212$109.90',
  body: 'Exit at 49,000, entry 50,000',
  link: '/performance/trades',
  createdAt: 1764000000000,
  readAt: null,
  unread: 3,
};
