/*
 * What ingest decides without a database connection of its own, shared by the main thread (PostgreSQL) and the
 * SQLite ingest thread (sqlite-ingest-thread.ts): an alert read and made storable, a batch's owners and repeats
 * planned from its lookups into rows and outcomes, and the SQLite statements that look up and insert a batch.
 * Nothing here imports the app's database handle, so the ingest thread loads only what it runs.
 */
import { hash } from 'node:crypto';
import type { Selectable } from 'kysely';
import type { SignalsTable } from '../../db/schema';
import { shownShort } from '../../http/unshown';
import { parseAlert, type ParsedAlert } from './alert';
import type { Signal } from './schemas';
import { toSignalJson } from './signal-queries';
import { isTradingViewAddress, sameTokenHash } from './webhook-secrets';

/** An identical body posted to the same strategy within this long is a repeat of the first. */
export const DUPLICATE_WINDOW_MS = 60_000;

export const SAME_BODY = 'identical body within 60 seconds';
export const repeatReason = (originalId: number | string, why: string) => `Repeat of signal ${originalId} (${why})`;

/** One webhook request, read and checked as far as it can be without the database. */
export interface IncomingAlert {
  tokenHash: string;
  /** As Fastify resolved it with TRUST_PROXY. */
  clientAddress: string;
  receivedAt: number;
  /** The body as text, at most 64 KiB. */
  raw: string;
  /** SHA-256 of `raw`, hex: without an alert id, an identical body within DUPLICATE_WINDOW_MS is a repeat. */
  bodyHash: string;
  parsed: ParsedAlert;
}

/** A webhook request as the route hands it to ingest: the body not yet read. */
export type AlertRequest = Omit<IncomingAlert, 'bodyHash' | 'parsed'>;

/** NUL (which PostgreSQL text cannot hold) and lone surrogates (which no database stores as sent). */
const UNSTORABLE = /\0|[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/g;

/**
 * Text as both databases store it: NUL and lone surrogates become U+FFFD. Applied once, before anything is
 * hashed, looked up or stored, so that a lookup compares the very value the row holds (an alert id that the
 * database stored differently from the lookup's value would slip past the repeat check into the unique index).
 */
export function storableText<T extends string | null>(text: T): T {
  return (text === null ? text : text.replace(UNSTORABLE, '\uFFFD')) as T;
}

function storableAlert(parsed: ParsedAlert): ParsedAlert {
  const { fields } = parsed;
  const storableFields = {
    ...fields,
    ticker: storableText(fields.ticker),
    strategy: storableText(fields.strategy),
    comment: storableText(fields.comment),
    clientId: storableText(fields.clientId),
  };
  return parsed.status === 'accepted'
    ? { ...parsed, fields: storableFields }
    : { ...parsed, fields: storableFields, reason: storableText(parsed.reason) };
}

/**
 * Reads a webhook request's body (outside the transaction, which only has to look things up and insert). The
 * body is parsed as received, then it and every text field are made storable (see storableText).
 */
export function readAlert(request: AlertRequest): IncomingAlert {
  const raw = storableText(request.raw);
  return {
    ...request,
    raw,
    bodyHash: hash('sha256', raw, 'hex'),
    parsed: storableAlert(parseAlert(request.raw)),
  };
}

export type IngestOutcome =
  | { kind: 'unknown-token' }
  | { kind: 'forbidden' }
  | { kind: 'stored'; userId: number; signal: Signal }
  /** Only when this alert's row was refused on its own while the rest of its batch was stored. */
  | { kind: 'failed'; error: unknown };

interface Original {
  id: number;
  receivedAt: number;
}

export type SignalRow = Selectable<SignalsTable>;

/** The signals table's columns, in the order of the SQLite worker's INSERT. */
export const SIGNAL_COLUMNS: readonly (keyof SignalRow)[] = [
  'id',
  'user_id',
  'ticker',
  'action',
  'price',
  'quantity',
  'position_size',
  'market_position',
  'stop_loss',
  'take_profit',
  'interval',
  'alert_time',
  'received_at',
  'strategy',
  'comment',
  'client_id',
  'body_hash',
  'status',
  'reason',
  'duplicate_of',
  'raw',
  'strategy_id',
  'stored_at',
  'prev_market_position',
  'prev_position_size',
];
/**
 * SQLite, a batch's one read (see openIngestDatabase): the owners of its tokens; the signals its alerts may repeat,
 * by alert id, and by body within the window for those without one; and the highest id ever used (AUTOINCREMENT
 * never reuses an id, even one whose row was deleted). The alerts go in as one JSON parameter of [token hash, alert
 * id, body hash], so the statement is prepared once whatever the batch; each (strategy, value) pair is one probe of
 * the (strategy_id, column) index (`cross join` keeps that order: with statistics, SQLite would scan the signals).
 * The lists come back as JSON: one statement instead of four, each a turn through the driver.
 */
export const SQLITE_LOOKUPS = `
  with alerts as (
    select value ->> 0 as token_hash, value ->> 1 as client_id, value ->> 2 as body_hash from json_each(:alerts)
  ),
  owners as (
    select id, user_id, token_hash, tradingview_only from strategies
    where token_hash in (select token_hash from alerts)
  ),
  pairs as (
    select distinct o.id as strategy_id, a.client_id, a.body_hash
    from alerts as a join owners as o on o.token_hash = a.token_hash
  )
  select
    (
      select json_group_array(json_object('id', id, 'user_id', user_id, 'token_hash', token_hash, 'tradingview_only', tradingview_only))
      from owners
    ) as owners,
    (
      select json_group_array(json_object('id', s.id, 'strategy_id', s.strategy_id, 'value', s.client_id, 'received_at', s.received_at))
      from (select distinct strategy_id, client_id from pairs where client_id is not null) as p
      cross join signals as s on s.strategy_id = p.strategy_id and s.client_id = p.client_id
      where s.status <> 'duplicate'
    ) as by_client_id,
    (
      select json_group_array(json_object('id', s.id, 'strategy_id', s.strategy_id, 'value', s.body_hash, 'received_at', s.received_at))
      from (select distinct strategy_id, body_hash from pairs where client_id is null) as p
      cross join signals as s on s.strategy_id = p.strategy_id and s.body_hash = p.body_hash
      where s.client_id is null and s.status <> 'duplicate' and s.received_at >= :since
    ) as by_body,
    max(
      coalesce((select seq from sqlite_sequence where name = 'signals'), 0),
      coalesce((select max(id) from signals), 0)
    ) as last
`;

export const SQLITE_INSERT = `insert into signals (${SIGNAL_COLUMNS.join(', ')}) values (${SIGNAL_COLUMNS.map(() => '?').join(', ')})`;

export const key = (strategyId: number, value: string) => `${strategyId}\n${value}`;

export interface Owned {
  userId: number;
  strategyId: number;
  alert: IncomingAlert;
}

/** Each alert's owner, or why it has none: its token is unknown, or its owner takes only TradingView's addresses. */
export interface Secret {
  id: number;
  user_id: number;
  token_hash: string | null;
  tradingview_only: number;
}

export function ownersOf(alerts: IncomingAlert[], secrets: Secret[]): (Owned | 'unknown-token' | 'forbidden')[] {
  const byHash = new Map(secrets.map((secret) => [secret.token_hash, secret]));
  return alerts.map((alert) => {
    const secret = byHash.get(alert.tokenHash);
    if (!secret?.token_hash || !sameTokenHash(secret.token_hash, alert.tokenHash)) return 'unknown-token';
    if (secret.tradingview_only === 1 && !isTradingViewAddress(alert.clientAddress)) return 'forbidden';
    return { userId: secret.user_id, strategyId: secret.id, alert };
  });
}

const isOwned = (owner: Owned | 'unknown-token' | 'forbidden'): owner is Owned => typeof owner !== 'string';

/** How many of a batch's alerts have an owner: each of those is stored as a row, and needs an id. */
export const ownedCount = (owned: (Owned | 'unknown-token' | 'forbidden')[]) => owned.filter(isOwned).length;

/** A batch none of whose alerts has an owner: their outcomes (nothing to store), else undefined. */
export function noneOwned(owned: (Owned | 'unknown-token' | 'forbidden')[]): IngestOutcome[] | undefined {
  if (owned.some(isOwned)) return undefined;
  return owned.map((owner) => ({ kind: owner as 'unknown-token' | 'forbidden' }));
}

/** The earliest receipt an original of these alerts may have to be repeated by them. */
export const windowStart = (alerts: IncomingAlert[]) =>
  Math.min(...alerts.map((alert) => alert.receivedAt)) - DUPLICATE_WINDOW_MS;

/** SQLite: the batch's read's one row (the lists as JSON text). */
export interface SqliteLookups {
  owners: string;
  by_client_id: string;
  by_body: string;
  last: number;
}

/** A signal an alert may repeat: `value` is its alert id or its body's hash. */
export interface Repeatable {
  id: number;
  strategy_id: number;
  value: string;
  received_at: number;
}

export interface BatchLookups {
  byClientId: Repeatable[];
  /** Oldest first. */
  byBody: Repeatable[];
  /** Increasing, one per owned alert. */
  ids: number[];
  /** When the batch's rows are written (in its transaction, just before the INSERT). */
  storedAt: number;
}

/**
 * Each alert's outcome and the rows to insert: an alert without an owner stores nothing; a repeat (same alert
 * id for that strategy or, without an alert id, an identical body within DUPLICATE_WINDOW_MS, earlier alerts of the
 * same batch included) is a 'duplicate' row pointing at what it repeats; anything else is a new signal.
 */
export function planBatch(
  owned: (Owned | 'unknown-token' | 'forbidden')[],
  lookups: BatchLookups,
): { outcomes: IngestOutcome[]; rows: SignalRow[] } {
  // Keyed by strategy and value; oldest first, so the newest original of a body wins.
  const originals = (rows: Repeatable[]) =>
    new Map<string, Original>(
      rows.map((row) => [key(Number(row.strategy_id), row.value), { id: row.id, receivedAt: row.received_at }]),
    );
  const byClientId = originals(lookups.byClientId);
  const byBody = originals(lookups.byBody);

  const outcomes: IngestOutcome[] = [];
  const rows: SignalRow[] = [];
  for (const owner of owned) {
    if (typeof owner === 'string') {
      outcomes.push({ kind: owner });
      continue;
    }
    const { userId, strategyId, alert } = owner;
    const id = lookups.ids[rows.length]!;
    const { fields, status, reason } = alert.parsed;
    const clientKey = fields.clientId === null ? undefined : key(strategyId, fields.clientId);
    const bodyKey = key(strategyId, alert.bodyHash);

    let repeat: { original: Original; why: string } | undefined;
    const sameId = clientKey === undefined ? undefined : byClientId.get(clientKey);
    // Only an alert without an id repeats an identical body (one with an id is told by it). Bodies told apart only by
    // what storableText rewrote (a NUL against U+FFFD) hash alike: a rejected one has no id, so the two are no longer
    // each other's repeat.
    const sameBody = clientKey === undefined ? byBody.get(bodyKey) : undefined;
    if (sameId) repeat = { original: sameId, why: `same alert id ${shownShort(JSON.stringify(fields.clientId))}` };
    else if (sameBody && sameBody.receivedAt >= alert.receivedAt - DUPLICATE_WINDOW_MS) {
      repeat = { original: sameBody, why: SAME_BODY };
    } else {
      const original = { id, receivedAt: alert.receivedAt };
      if (clientKey !== undefined) byClientId.set(clientKey, original);
      else byBody.set(bodyKey, original);
    }

    const row: SignalRow = {
      id,
      user_id: userId,
      ticker: fields.ticker,
      action: fields.action,
      price: fields.price,
      quantity: fields.quantity,
      position_size: fields.positionSize,
      market_position: fields.marketPosition,
      prev_market_position: fields.prevMarketPosition,
      prev_position_size: fields.prevPositionSize,
      stop_loss: fields.stopLoss,
      take_profit: fields.takeProfit,
      interval: fields.interval,
      alert_time: fields.alertTime,
      received_at: alert.receivedAt,
      strategy: fields.strategy,
      comment: fields.comment,
      client_id: fields.clientId,
      body_hash: alert.bodyHash,
      status: repeat ? 'duplicate' : status,
      reason: repeat ? repeatReason(repeat.original.id, repeat.why) : reason,
      duplicate_of: repeat ? repeat.original.id : null,
      raw: alert.raw,
      strategy_id: strategyId,
      stored_at: lookups.storedAt,
    };
    rows.push(row);
    outcomes.push({
      kind: 'stored',
      userId,
      signal: toSignalJson({ ...row, outcome: null, decided_at: null, repeats: 0 }),
    });
  }
  return { outcomes, rows };
}
