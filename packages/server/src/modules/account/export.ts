import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema';
import { DEFAULT_PREFERENCES } from '../notifications/planner';
import { inAppJson } from '../notifications/record';
import { deliveryJson } from '../notifications/service';
import { loadAccount, parseStoredSettings, positionJson, tradeJson } from '../paper/store';
import { signalsWithOutcomes, toSignalJson, withOutcome } from '../signals/signal-queries';
import { csvRow } from './csv';
import type { ExportFormat } from './schemas';

/** Rows read per query: an export of 100,000 signals holds at most this many in memory at once. */
export const EXPORT_PAGE_SIZE = 500;
/** Shown instead of a strategy's webhook token: the export may be shared, the URL must not be. */
export const MASKED_TOKEN = '********';

type Db = Kysely<Database>;

/** Reads a table page by page, in id order, until a page comes back short. */
async function* pages<Row>(read: (afterId: number) => Promise<Row[]>, idOf: (row: Row) => number) {
  let afterId = 0;
  for (;;) {
    const rows = await read(afterId);
    for (const row of rows) yield row;
    if (rows.length < EXPORT_PAGE_SIZE) return;
    afterId = idOf(rows[rows.length - 1]!);
  }
}

const signalRows = (db: Db, userId: number) =>
  pages(
    (afterId) =>
      signalsWithOutcomes(db)
        .select('s.raw')
        .where('s.user_id', '=', userId)
        .where('s.id', '>', afterId)
        .orderBy('s.id')
        .limit(EXPORT_PAGE_SIZE)
        .execute(),
    (row) => Number(row.id),
  );

const tradeRows = (db: Db, userId: number) =>
  pages(
    (afterId) =>
      db
        .selectFrom('paper_trades')
        .selectAll()
        .where('user_id', '=', userId)
        .where('id', '>', afterId)
        .orderBy('id')
        .limit(EXPORT_PAGE_SIZE)
        .execute(),
    (row) => Number(row.id),
  );

const outcomeRows = (db: Db, strategyIds: number[]) =>
  pages(
    (afterId) =>
      strategyIds.length === 0
        ? Promise.resolve([])
        : db
            .selectFrom('signal_outcomes')
            .selectAll()
            .where('strategy_id', 'in', strategyIds)
            .where('signal_id', '>', afterId)
            .orderBy('signal_id')
            .limit(EXPORT_PAGE_SIZE)
            .execute(),
    (row) => Number(row.signal_id),
  );

const inAppRows = (db: Db, userId: number) =>
  pages(
    (afterId) =>
      db
        .selectFrom('notifications')
        .selectAll()
        .where('user_id', '=', userId)
        .where('id', '>', afterId)
        .orderBy('id')
        .limit(EXPORT_PAGE_SIZE)
        .execute(),
    (row) => Number(row.id),
  );

/** The delivery log: never the payload column (a message as sent), nor anything of the destination. */
const deliveryRows = (db: Db, userId: number) =>
  pages(
    (afterId) =>
      db
        .selectFrom('notification_deliveries')
        .select([
          'id',
          'channel_id',
          'message_id',
          'event',
          'title',
          'state',
          'attempts',
          'next_attempt_at',
          'last_attempt_at',
          'response_code',
          'error',
          'duration_ms',
          'created_at',
        ])
        .where('user_id', '=', userId)
        .where('id', '>', afterId)
        .orderBy('id')
        .limit(EXPORT_PAGE_SIZE)
        .execute(),
    (row) => Number(row.id),
  );

/** Writes `items` as the elements of a JSON array, one per line. */
async function* jsonArray<T>(items: AsyncIterable<T> | Iterable<T>, toJson: (item: T) => unknown) {
  yield '[';
  let first = true;
  for await (const item of items) {
    yield `${first ? '\n' : ',\n'}    ${JSON.stringify(toJson(item))}`;
    first = false;
  }
  yield first ? ']' : '\n  ]';
}

async function* jsonExport(db: Db, userId: number, now: number): AsyncGenerator<string> {
  const profile = await db
    .selectFrom('users')
    .select(['id', 'name', 'email', 'created_at', 'updated_at'])
    .where('id', '=', userId)
    .executeTakeFirstOrThrow();
  const strategies = await db
    .selectFrom('strategies')
    .select(['id', 'name', 'settings', 'token_hash', 'tradingview_only', 'created_at', 'updated_at', 'rotated_at'])
    .where('user_id', '=', userId)
    .orderBy('id')
    .execute();
  const strategyIds = strategies.map((row) => Number(row.id));

  yield `{\n  "format": "signaldeck-export-v1",\n  "exportedAt": ${JSON.stringify(new Date(now).toISOString())},\n`;
  yield `  "profile": ${JSON.stringify({
    id: Number(profile.id),
    name: profile.name,
    email: profile.email,
    createdAt: Number(profile.created_at),
    updatedAt: Number(profile.updated_at),
  })},\n`;
  yield '  "strategies": ';
  yield* jsonArray(strategies, (row) => ({
    id: String(row.id),
    name: row.name,
    settings: parseStoredSettings(row.settings),
    webhookToken: row.token_hash === null ? null : MASKED_TOKEN,
    tradingViewOnly: row.tradingview_only === 1,
    createdAt: Number(row.created_at),
    updatedAt: Number(row.updated_at),
    rotatedAt: row.rotated_at === null ? null : Number(row.rotated_at),
  }));
  yield ',\n  "signals": ';
  yield* jsonArray(signalRows(db, userId), (row) => ({
    ...toSignalJson(withOutcome(row)),
    raw: row.raw,
  }));
  yield ',\n  "outcomes": ';
  yield* jsonArray(outcomeRows(db, strategyIds), (row) => ({
    signalId: String(row.signal_id),
    strategyId: String(row.strategy_id),
    status: row.status,
    side: row.side,
    quantity: row.quantity,
    price: row.price,
    fee: row.fee,
    slippage: row.slippage,
    filledAt: row.filled_at === null ? null : Number(row.filled_at),
    latencyMs: row.latency_ms,
    reason: row.reason,
    decidedAt: Number(row.decided_at),
  }));
  yield ',\n  "trades": ';
  yield* jsonArray(tradeRows(db, userId), tradeJson);
  yield ',\n  "positions": ';
  const positions: unknown[] = [];
  for (const strategyId of strategyIds) {
    const account = await loadAccount(db, strategyId);
    if (!account) continue;
    const open = await db
      .selectFrom('paper_trades')
      .select(['id', 'number'])
      .where('strategy_id', '=', strategyId)
      .where('status', '=', 'open')
      .execute();
    for (const position of Object.values(account.state.positions)) {
      const trade = open.find((row) => Number(row.number) === position.id);
      if (trade) positions.push(positionJson(Number(trade.id), position, account.state));
    }
  }
  yield* jsonArray(positions, (position) => position);

  // Notification channels as lists show them: the masked target, never the destination or a secret.
  const channels = await db
    .selectFrom('notification_channels')
    .select(['id', 'name', 'kind', 'target', 'events', 'enabled', 'created_at'])
    .where('user_id', '=', userId)
    .orderBy('id')
    .execute();
  yield ',\n  "notificationChannels": ';
  yield* jsonArray(channels, (row) => ({
    id: Number(row.id),
    name: row.name,
    kind: row.kind,
    target: row.target,
    events: JSON.parse(row.events) as unknown,
    enabled: Number(row.enabled) === 1,
    createdAt: Number(row.created_at),
  }));
  const preferences = await db
    .selectFrom('notification_preferences')
    .select(['time_zone', 'daily_summary_hour'])
    .where('user_id', '=', userId)
    .executeTakeFirst();
  yield `,\n  "notificationPreferences": ${JSON.stringify(
    preferences
      ? { timeZone: preferences.time_zone, dailySummaryHour: Number(preferences.daily_summary_hour) }
      : DEFAULT_PREFERENCES,
  )}`;
  yield ',\n  "notifications": ';
  yield* jsonArray(inAppRows(db, userId), inAppJson);
  yield ',\n  "notificationDeliveries": ';
  yield* jsonArray(deliveryRows(db, userId), (row) => ({
    channelId: Number(row.channel_id),
    ...deliveryJson(row),
  }));
  yield '\n}\n';
}

const SIGNAL_CSV_COLUMNS = [
  'id',
  'received_at',
  'alert_time',
  'strategy_id',
  'ticker',
  'action',
  'price',
  'quantity',
  'interval',
  'strategy',
  'comment',
  'status',
  'reason',
  'outcome',
  'outcome_side',
  'outcome_quantity',
  'outcome_price',
  'outcome_fee',
  'outcome_reason',
];

const iso = (ms: number | null) => (ms === null ? null : new Date(Number(ms)).toISOString());

async function* signalsCsv(db: Db, userId: number): AsyncGenerator<string> {
  yield csvRow(SIGNAL_CSV_COLUMNS);
  for await (const row of signalRows(db, userId)) {
    yield csvRow([
      Number(row.id),
      iso(row.received_at),
      iso(row.alert_time),
      Number(row.strategy_id),
      row.ticker,
      row.action,
      row.price,
      row.quantity,
      row.interval,
      row.strategy,
      row.comment,
      row.status,
      row.reason,
      row.outcome_status,
      row.outcome_side,
      row.outcome_quantity,
      row.outcome_price,
      row.outcome_fee,
      row.outcome_reason,
    ]);
  }
}

const TRADE_CSV_COLUMNS = [
  'id',
  'strategy_id',
  'symbol',
  'side',
  'status',
  'quantity',
  'entry_price',
  'exit_price',
  'fees',
  'gross_pnl',
  'net_pnl',
  'return_pct',
  'opened_at',
  'closed_at',
  'exit_reason',
  'entry_signal_ids',
  'exit_signal_id',
];

async function* tradesCsv(db: Db, userId: number): AsyncGenerator<string> {
  yield csvRow(TRADE_CSV_COLUMNS);
  for await (const row of tradeRows(db, userId)) {
    const trade = tradeJson(row);
    yield csvRow([
      Number(trade.id),
      Number(trade.strategyId),
      trade.symbol,
      trade.side,
      trade.status,
      trade.quantity,
      trade.entryPrice,
      trade.exitPrice,
      trade.fees,
      trade.grossPnl,
      trade.netPnl,
      trade.returnPct,
      iso(trade.openedAt),
      iso(trade.closedAt),
      trade.exitReason,
      trade.entrySignalIds.join(' '),
      trade.exitSignalId,
    ]);
  }
}

export const EXPORT_FILES: Record<ExportFormat, { contentType: string; extension: string }> = {
  json: { contentType: 'application/json; charset=utf-8', extension: 'json' },
  'signals.csv': { contentType: 'text/csv; charset=utf-8', extension: 'signals.csv' },
  'trades.csv': { contentType: 'text/csv; charset=utf-8', extension: 'trades.csv' },
};

/** The export in `format`, as chunks of text read from the database a page at a time. */
export function exportChunks(db: Db, userId: number, format: ExportFormat, now: number): AsyncGenerator<string> {
  if (format === 'signals.csv') return signalsCsv(db, userId);
  if (format === 'trades.csv') return tradesCsv(db, userId);
  return jsonExport(db, userId, now);
}
