import { sql } from 'kysely';
import { addIdColumn, type Migration } from './helpers';

/** The settings every existing user's Default strategy starts with (settings.ts DEFAULT_SETTINGS, as written then). */
const DEFAULT_SETTINGS_JSON = JSON.stringify({
  paperTrading: true,
  startingBalance: 10_000,
  sizing: { mode: 'signal', value: 1_000 },
  sides: 'both',
  onOpposite: 'reverse',
  pyramiding: false,
  fill: 'market',
  slippageBps: 0,
  feeBps: 10,
  stopLossPct: null,
  takeProfitPct: null,
  maxSignalAgeS: null,
  allowedTickers: null,
});

export const up: Migration['up'] = async (db, dialect) => {
  // A strategy is a webhook URL with its settings and paper account. The token columns are the per-user webhook's
  // (moved here): found by hash, kept encrypted to be shown again, created on first use (null until then).
  await db.schema
    .createTable('strategies')
    .$call((table) => addIdColumn(table, dialect))
    .addColumn('user_id', 'bigint', (column) => column.notNull().references('users.id').onDelete('cascade'))
    .addColumn('name', 'text', (column) => column.notNull())
    .addColumn('settings', 'text', (column) => column.notNull())
    .addColumn('token_hash', 'text', (column) => column.unique())
    .addColumn('token_ciphertext', 'text')
    .addColumn('tradingview_only', 'integer', (column) => column.notNull().defaultTo(0))
    .addColumn('created_at', 'bigint', (column) => column.notNull())
    .addColumn('updated_at', 'bigint', (column) => column.notNull())
    .addColumn('rotated_at', 'bigint')
    .execute();
  await db.schema.createIndex('strategies_user_id').on('strategies').columns(['user_id', 'id']).execute();

  // Every user gets a Default strategy; its URL is the webhook they had (same token, hash and ciphertext).
  await sql`
    insert into strategies (user_id, name, settings, token_hash, token_ciphertext, tradingview_only, created_at, updated_at, rotated_at)
    select u.id, 'Default', ${DEFAULT_SETTINGS_JSON}, w.token_hash, w.token_ciphertext, coalesce(w.tradingview_only, 0),
      coalesce(w.created_at, u.created_at), coalesce(w.created_at, u.created_at), w.rotated_at
    from users as u left join webhook_secrets as w on w.user_id = u.id
    order by u.id
  `.execute(db);
  await db.schema.dropTable('webhook_secrets').execute();

  // Every signal belongs to the strategy whose URL received it; the existing ones to their user's Default.
  await db.schema
    .alterTable('signals')
    .addColumn('strategy_id', 'bigint', (column) => column.references('strategies.id').onDelete('cascade'))
    .execute();
  await sql`update signals set strategy_id = (select s.id from strategies as s where s.user_id = signals.user_id)`.execute(
    db,
  );
  await db.schema.createIndex('signals_strategy_id_id').on('signals').columns(['strategy_id', 'id']).execute();

  // Repeats are recognised per strategy (the same alert sent to two strategies is two signals): the alert id
  // names one signal per strategy, and an identical body is looked up within the strategy.
  await db.schema.dropIndex('signals_user_id_client_id').execute();
  await db.schema.dropIndex('signals_user_id_body_hash').execute();
  await db.schema
    .createIndex('signals_strategy_id_client_id')
    .on('signals')
    .columns(['strategy_id', 'client_id'])
    .unique()
    .where(sql.ref('client_id'), 'is not', null)
    .where(sql.ref('status'), '<>', 'duplicate')
    .execute();
  await db.schema
    .createIndex('signals_strategy_id_body_hash')
    .on('signals')
    .columns(['strategy_id', 'body_hash', 'received_at'])
    .execute();

  // The alert fields a paper account reads besides those of 0003: the target position, and stop / target prices.
  await db.schema.alterTable('signals').addColumn('market_position', 'text').execute();
  await db.schema.alterTable('signals').addColumn('stop_loss', 'double precision').execute();
  await db.schema.alterTable('signals').addColumn('take_profit', 'double precision').execute();

  // The paper account of each strategy: the engine's state (cash, positions, marks, pending next_open signals; null
  // until its first signal), and the time up to which finished 1m candles have been applied to it. Accounts open
  // now: signals received before are not traded (their outcome says so).
  await db.schema
    .createTable('paper_accounts')
    .addColumn('strategy_id', 'bigint', (column) => column.primaryKey().references('strategies.id').onDelete('cascade'))
    .addColumn('state', 'text')
    .addColumn('opened_at', 'bigint', (column) => column.notNull())
    .addColumn('candles_until', 'bigint', (column) => column.notNull())
    .addColumn('watches_candles', 'integer', (column) => column.notNull().defaultTo(0))
    .addColumn('updated_at', 'bigint', (column) => column.notNull())
    .execute();
  const now = Date.now();
  await sql`
    insert into paper_accounts (strategy_id, state, opened_at, candles_until, updated_at)
    select id, null, ${now}, ${now}, ${now} from strategies
  `.execute(db);

  // One outcome per accepted signal, decided once: the unique signal id is what makes execution exactly once.
  await db.schema
    .createTable('signal_outcomes')
    .addColumn('signal_id', 'bigint', (column) => column.primaryKey().references('signals.id').onDelete('cascade'))
    .addColumn('strategy_id', 'bigint', (column) => column.notNull().references('strategies.id').onDelete('cascade'))
    .addColumn('status', 'text', (column) => column.notNull())
    .addColumn('side', 'text')
    .addColumn('quantity', 'double precision')
    .addColumn('price', 'double precision')
    .addColumn('fee', 'double precision')
    .addColumn('slippage', 'double precision')
    .addColumn('filled_at', 'bigint')
    .addColumn('latency_ms', 'bigint')
    .addColumn('reason', 'text')
    .addColumn('decided_at', 'bigint', (column) => column.notNull())
    .addCheckConstraint('signal_outcomes_status', sql`status in ('executed', 'ignored', 'pending')`)
    .execute();

  // Trades: a row per position from its entry (open) to its exit (closed); a partial close is a closed row of its
  // own. `number` is the engine's id within the strategy; open rows are the open positions.
  await db.schema
    .createTable('paper_trades')
    .$call((table) => addIdColumn(table, dialect))
    .addColumn('strategy_id', 'bigint', (column) => column.notNull().references('strategies.id').onDelete('cascade'))
    .addColumn('user_id', 'bigint', (column) => column.notNull().references('users.id').onDelete('cascade'))
    .addColumn('number', 'bigint', (column) => column.notNull())
    .addColumn('symbol', 'text', (column) => column.notNull())
    .addColumn('side', 'text', (column) => column.notNull())
    .addColumn('status', 'text', (column) => column.notNull())
    .addColumn('quantity', 'double precision', (column) => column.notNull())
    .addColumn('entry_price', 'double precision', (column) => column.notNull())
    .addColumn('exit_price', 'double precision')
    .addColumn('entry_fee', 'double precision', (column) => column.notNull())
    .addColumn('exit_fee', 'double precision')
    .addColumn('gross_pnl', 'double precision')
    .addColumn('net_pnl', 'double precision')
    .addColumn('return_pct', 'double precision')
    .addColumn('stop_loss', 'double precision')
    .addColumn('take_profit', 'double precision')
    .addColumn('opened_at', 'bigint', (column) => column.notNull())
    .addColumn('closed_at', 'bigint')
    .addColumn('entry_signal_ids', 'text', (column) => column.notNull())
    .addColumn('exit_signal_id', 'bigint')
    .addColumn('exit_reason', 'text')
    .addCheckConstraint('paper_trades_status', sql`status in ('open', 'closed')`)
    .addUniqueConstraint('paper_trades_strategy_number', ['strategy_id', 'number'])
    .execute();
  await db.schema.createIndex('paper_trades_user_id_id').on('paper_trades').columns(['user_id', 'id']).execute();

  // The equity after every fill, for the equity curve, drawdown, Sharpe and Sortino.
  await db.schema
    .createTable('paper_equity')
    .$call((table) => addIdColumn(table, dialect))
    .addColumn('strategy_id', 'bigint', (column) => column.notNull().references('strategies.id').onDelete('cascade'))
    .addColumn('time', 'bigint', (column) => column.notNull())
    .addColumn('equity', 'double precision', (column) => column.notNull())
    .execute();
  await db.schema
    .createIndex('paper_equity_strategy_id_time')
    .on('paper_equity')
    .columns(['strategy_id', 'time'])
    .execute();
};
