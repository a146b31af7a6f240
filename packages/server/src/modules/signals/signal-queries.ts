import type { Kysely, Selectable } from 'kysely';
import type { Database, SignalStatus, SignalsTable } from '../../db/schema';
import { reasonCode } from './alert';
import type { SignalAction } from './normalize';
import { OUTCOME_COLUMNS, outcomeFromColumns, type OutcomeColumns } from '../paper/outcomes';
import type { Outcome } from '../paper/schemas';
import type { Signal, SignalPage, SignalWithRaw } from './schemas';

/** The alert id of the app's test alerts (POST /api/strategies/{id}/test-alert) starts so. */
export const TEST_ALERT_ID_PREFIX = 'signaldeck-test-';
/** The comment of the app's test alerts: with the id's prefix, it tells them from any sender's. */
export const TEST_ALERT_COMMENT = 'SignalDeck test alert: sent from Settings > Strategy, not from TradingView';

/** Whether a stored alert is one of the app's test alerts: its id's prefix and its comment, both exactly. */
export const isTestAlert = (clientId: string | null, comment: string | null) =>
  clientId !== null && clientId.startsWith(TEST_ALERT_ID_PREFIX) && comment === TEST_ALERT_COMMENT;

/** The columns a signal's JSON is made from (all but the body's hash, kept for finding repeats, and the raw body). */
const SIGNAL_COLUMNS = [
  's.id',
  's.ticker',
  's.action',
  's.price',
  's.quantity',
  's.position_size',
  's.interval',
  's.alert_time',
  's.received_at',
  's.strategy',
  's.comment',
  's.client_id',
  's.status',
  's.reason',
  's.duplicate_of',
  's.strategy_id',
  's.stored_at',
] as const;

type SignalColumn = (typeof SIGNAL_COLUMNS)[number] extends `s.${infer Column}` ? Column : never;

export type SignalJsonRow = Pick<Selectable<SignalsTable>, SignalColumn> & {
  outcome: Outcome | null;
  /** When its outcome was decided; null while undecided. */
  decided_at: number | null;
  /** How many duplicates point at it. */
  repeats: number;
};

/** A signal as the API and the live stream show it. */
export function toSignalJson(row: SignalJsonRow): Signal {
  return {
    id: String(row.id),
    ticker: row.ticker,
    // Stored actions are the normalised ones (alert.ts reads each through normalizeAction).
    action: row.action as SignalAction | null,
    price: row.price,
    quantity: row.quantity,
    positionSize: row.position_size,
    interval: row.interval,
    strategy: row.strategy,
    comment: row.comment,
    status: row.status,
    reason: row.reason,
    reasonCode: reasonCode(row.reason),
    duplicateOf: row.duplicate_of === null ? null : String(row.duplicate_of),
    alertTime: row.alert_time,
    receivedAt: row.received_at,
    storedAt: row.stored_at === null ? null : Number(row.stored_at),
    decidedAt: row.decided_at === null ? null : Number(row.decided_at),
    repeats: Number(row.repeats),
    strategyId: String(row.strategy_id),
    testAlert: isTestAlert(row.client_id, row.comment),
    outcome: row.outcome,
  };
}

/** The signals with their outcome (null while undecided, and for rejected and duplicate signals). */
export const signalsWithOutcomes = (db: Kysely<Database>) =>
  db
    .selectFrom('signals as s')
    .leftJoin('signal_outcomes as o', 'o.signal_id', 's.id')
    .select(SIGNAL_COLUMNS)
    .select(OUTCOME_COLUMNS)
    // Its repeats point at it (an index on duplicate_of): one probe per signal of the page.
    .select((eb) =>
      eb
        .selectFrom('signals as d')
        .select((inner) => inner.fn.countAll<number>().as('n'))
        .whereRef('d.duplicate_of', '=', 's.id')
        .as('repeats'),
    );

/** A row of `signalsWithOutcomes` as `toSignalJson` takes it. */
export const withOutcome = <Row extends SignalJsonRowWithoutOutcome & OutcomeColumns & { repeats: number | null }>(
  row: Row,
) => ({
  ...row,
  outcome: outcomeFromColumns(row),
  decided_at: row.outcome_decided_at,
  repeats: Number(row.repeats ?? 0),
});

type SignalJsonRowWithoutOutcome = Omit<SignalJsonRow, 'outcome' | 'decided_at' | 'repeats'>;

const CURSOR_PREFIX = 'v1:';

/**
 * The cursor is the id of the last signal on the page, wrapped so clients treat it as opaque. Ids grow in
 * commit order, so `id < cursor` is the same set of older signals however many new ones arrive meanwhile.
 */
export function encodeCursor(id: number): string {
  return Buffer.from(`${CURSOR_PREFIX}${id}`).toString('base64url');
}

/** The id inside a cursor, or null when it is not one of ours. */
export function decodeCursor(cursor: string): number | null {
  const text = Buffer.from(cursor, 'base64url').toString();
  if (!text.startsWith(CURSOR_PREFIX)) return null;
  const digits = text.slice(CURSOR_PREFIX.length);
  if (!/^[1-9]\d{0,15}$/.test(digits)) return null;
  return Number(digits);
}

export interface ListSignalsQuery {
  ticker?: string;
  status?: SignalStatus;
  /** Only signals older than this id. */
  beforeId?: number;
  limit: number;
  /**
   * Only signals whose time (when the alert fired, else when it was received: the time a chart draws it at)
   * is at or after `from` and at or before `to`, epoch milliseconds.
   */
  from?: number;
  to?: number;
}

/** The read of one page of a user's signals, newest first, one more than the page to tell whether more follow. */
export const listSignalsQuery = (db: Kysely<Database>, userId: number, query: ListSignalsQuery) =>
  signalsWithOutcomes(db)
    .where('s.user_id', '=', userId)
    .$if(query.ticker !== undefined, (select) => select.where('ticker', '=', query.ticker!))
    .$if(query.status !== undefined, (select) => select.where('s.status', '=', query.status!))
    .$if(query.beforeId !== undefined, (select) => select.where('s.id', '<', query.beforeId!))
    .$if(query.from !== undefined, (select) =>
      select.where((eb) => eb(eb.fn.coalesce('alert_time', 'received_at'), '>=', query.from!)),
    )
    .$if(query.to !== undefined, (select) =>
      select.where((eb) => eb(eb.fn.coalesce('alert_time', 'received_at'), '<=', query.to!)),
    )
    .orderBy('s.id', 'desc')
    .limit(query.limit + 1);

/** One page of a user's signals, newest first. */
export async function listSignals(db: Kysely<Database>, userId: number, query: ListSignalsQuery): Promise<SignalPage> {
  const rows = await listSignalsQuery(db, userId, query).execute();
  const page = rows.slice(0, query.limit);
  const more = rows.length > query.limit;
  return {
    data: page.map((row) => toSignalJson(withOutcome(row))),
    nextCursor: more ? encodeCursor(page[page.length - 1]!.id) : null,
  };
}

/** One of the user's signals with its raw body, or undefined when the user has no signal with that id. */
export async function findSignal(db: Kysely<Database>, userId: number, id: number): Promise<SignalWithRaw | undefined> {
  const row = await signalsWithOutcomes(db)
    .select('s.raw')
    .where('s.id', '=', id)
    .where('s.user_id', '=', userId)
    .executeTakeFirst();
  return row && { ...toSignalJson(withOutcome(row)), raw: row.raw };
}
