/*
 * Crash durability (DESIGN.md section 4: "nothing lost in 20 kill -9 cycles under load"). The real server
 * process is loaded with concurrent webhook posts, each carrying a unique alert id, and every 2xx answer is
 * recorded. At a random moment the process is killed with SIGKILL and started again on the same data (for the
 * embedded database the same DATA_DIR, whose lock file now names a dead pid). Then every acknowledged alert must
 * be stored exactly once, and a repeat of one must be recognised as a duplicate of the stored original.
 * Paper trading (DESIGN.md section 6): while the load runs, traders close positions by hand now and then; after
 * the last restart each trader closes one more and sends one more alert. Then every acknowledged signal has exactly
 * one outcome, and each strategy's stored account, trades and outcomes are what a replay of its stored signals,
 * candles and manual closes gives.
 */
import path from 'node:path';
import { isDeepStrictEqual } from 'node:util';
import { SqliteDatabase } from '../../db/sqlite-driver';
import { openDatabase, SQLITE_FILE_NAME, type Dialect } from '../../db/connection';
import type { Config } from '../../config';
import { OUTCOME_COLUMNS, outcomeFromColumns } from '../../modules/paper/outcomes';
import { replayAccount } from '../../modules/paper/service';
import { closedTrade, loadAccount } from '../../modules/paper/store';
import { createTestDatabase } from '../../test/database';
import { signUpTrader, type SignedInTrader } from '../../test/traders';
import { closeFirstPosition, listAllSignals, waitForMarketData, webhookUrlOn } from './api';
import { randomInt, seededRandom } from './random';
import { RunningServer } from './server';

/** Posts per webhook URL per server lifetime: under its limit of 120 a minute (a restart starts the count again). */
const POSTS_PER_TRADER_PER_LIFE = 110;

export interface CrashOptions {
  dialect: Dialect;
  cycles: number;
  /** Webhook URLs the load is spread over. */
  traders: number;
  /** Posts in flight at once. */
  concurrency: number;
  seed: number;
  log?: (line: string) => void;
}

export interface CrashCycle {
  /** 2xx answers in this cycle before the kill. */
  acknowledged: number;
  /** Posts whose answer never came (the kill cut them off). */
  cutOff: number;
  /** From spawning the process again after the kill to it listening, milliseconds. */
  restartMs: number;
}

export interface CrashReport {
  dialect: Dialect;
  seed: number;
  cycles: CrashCycle[];
  /** Alerts acknowledged with 2xx over all cycles: each was found stored exactly once. */
  acknowledged: number;
  /** Alerts stored whose answer was cut off by a kill (stored once, never twice). */
  storedUnacknowledged: number;
  /** Repeats of acknowledged alerts answered as duplicates of the stored original. */
  duplicatesAbsorbed: number;
  /**
   * Checks of the stored data made: through the API after each restart and after the last; on SQLite also of
   * the file itself, read-only, right after each kill and after the final graceful stop.
   */
  verifications: number;
  /** `PRAGMA integrity_check` of the embedded database after the last stop ('ok'), or null on PostgreSQL. */
  integrityCheck: string | null;
  /** Accepted signals with their one outcome after the last restart, and how many of them were executed. */
  outcomes: number;
  executed: number;
  /** Positions closed by hand (answered 200), during the load and after the last restart. */
  manualCloses: number;
  /** Strategies whose stored account equals the replay of their stored signals (all of them). */
  accountsReplayed: number;
  /** Strategies whose account is not the replay of its signals (each with what differs); empty when they all are. */
  replayMismatches: string[];
}

interface Acknowledged {
  trader: number;
  /** The signal id the server answered with. */
  id: string;
}

const alertBody = (alertId: string, random: () => number) =>
  JSON.stringify({
    ticker: 'BINANCE:BTCUSDT',
    action: random() < 0.5 ? 'buy' : 'sell',
    price: (60_000 + random() * 10_000).toFixed(2),
    quantity: '0.01',
    interval: '1',
    strategy: 'Crash proof',
    // The alert id is also the comment: the signals list shows comments, not alert ids.
    comment: alertId,
    id: alertId,
  });

/** Posts an alert; the answer's status and JSON, or undefined when the connection failed (a killed server). */
async function post(
  url: string,
  body: string,
): Promise<{ status: number; json: { id?: string; duplicate?: boolean } } | undefined> {
  try {
    const response = await fetch(url, { method: 'POST', headers: { 'content-type': 'text/plain' }, body });
    return { status: response.status, json: (await response.json()) as { id?: string; duplicate?: boolean } };
  } catch {
    return undefined;
  }
}

export async function runCrashCycles(options: CrashOptions): Promise<CrashReport> {
  const log = options.log ?? (() => {});
  const random = seededRandom(options.seed);
  const testDatabase = await createTestDatabase(options.dialect, { RATE_LIMIT_REGISTER_PER_MINUTE: '10000' });
  const sqliteFile = path.join(testDatabase.config.dataDir, SQLITE_FILE_NAME);
  const acknowledged = new Map<string, Acknowledged>();
  const repeats = new Map<string, number>();
  const cycles: CrashCycle[] = [];
  let alertNumber = 0;
  let verifications = 0;
  let manualCloses = 0;
  let server: RunningServer | undefined;

  /** Every acknowledged alert stored exactly once with the id it was acknowledged with; repeats as duplicates. */
  const verify = async (baseUrl: string, traders: SignedInTrader[]): Promise<number> => {
    verifications += 1;
    let unacknowledged = 0;
    for (const [index, trader] of traders.entries()) {
      const originals = new Map<string, string>();
      const duplicates = new Map<string, number>();
      for (const signal of await listAllSignals(baseUrl, trader.authorization)) {
        const alertId = signal.comment ?? '';
        if (signal.status === 'duplicate') {
          duplicates.set(alertId, (duplicates.get(alertId) ?? 0) + 1);
          continue;
        }
        if (originals.has(alertId))
          throw new Error(`alert ${alertId} is stored twice (signals ${originals.get(alertId)} and ${signal.id})`);
        if (signal.status !== 'accepted')
          throw new Error(`alert ${alertId} was stored as ${signal.status}: ${signal.reason}`);
        originals.set(alertId, signal.id);
      }
      for (const [alertId, ack] of acknowledged) {
        if (ack.trader !== index) continue;
        const stored = originals.get(alertId);
        if (stored !== ack.id)
          throw new Error(
            `acknowledged alert ${alertId} (signal ${ack.id}) is ${stored ? `stored as ${stored}` : 'missing'}`,
          );
        if ((duplicates.get(alertId) ?? 0) !== (repeats.get(alertId) ?? 0)) {
          throw new Error(
            `alert ${alertId}: ${repeats.get(alertId) ?? 0} repeats acknowledged, ${duplicates.get(alertId) ?? 0} stored`,
          );
        }
      }
      unacknowledged += [...originals.keys()].filter((alertId) => !acknowledged.has(alertId)).length;
    }
    return unacknowledged;
  };

  try {
    server = await RunningServer.start(testDatabase.env);
    const traders: SignedInTrader[] = [];
    for (let index = 0; index < options.traders; index += 1)
      traders.push(await signUpTrader(server.url, `Crash trader ${index}`));
    // A first start backfills the pairs one after another. An account stepped before a pair's first candle is
    // stored has no price of that pair (its mark) until its next step, while a replay at the end finds the pair's
    // candles: the load starts once every pair has market data, as a running product's has.
    await waitForMarketData(server.url, traders[0]!.authorization);

    for (let cycle = 1; cycle <= options.cycles; cycle += 1) {
      if (cycle > 1) await verify(server.url, traders);
      const baseUrl = server.url;

      // A repeat of an acknowledged alert, as TradingView retrying, answers with the stored original.
      const stored = [...acknowledged.entries()];
      for (let repeat = 0; repeat < Math.min(3, stored.length); repeat += 1) {
        const [alertId, ack] = stored[randomInt(random, 0, stored.length - 1)]!;
        const answer = await post(webhookUrlOn(baseUrl, traders[ack.trader]!.webhookUrl), alertBody(alertId, random));
        if (answer?.status !== 200 || answer.json.id !== ack.id || answer.json.duplicate !== true) {
          throw new Error(
            `a repeat of alert ${alertId} was answered ${JSON.stringify(answer)}, not as a duplicate of ${ack.id}`,
          );
        }
        repeats.set(alertId, (repeats.get(alertId) ?? 0) + 1);
      }

      // The load: `concurrency` posters share this life's budget; the kill comes after a random number of 2xx.
      const budget = traders.length * (POSTS_PER_TRADER_PER_LIFE - 3);
      const killAfter = randomInt(random, 1, Math.floor(budget * 0.8));
      const killDelayMs = randomInt(random, 0, 3);
      const victim = server;
      let sent = 0;
      let acknowledgedNow = 0;
      let answered = 0;
      let killing: Promise<void> | undefined;
      let killed = false;
      const unexpected: string[] = [];
      const kill = () => {
        killed = true;
        return victim.kill();
      };
      const poster = async () => {
        while (sent < budget && !killed) {
          sent += 1;
          alertNumber += 1;
          const trader = alertNumber % traders.length;
          const alertId = `crash-${options.seed}-${alertNumber}`;
          const answer = await post(webhookUrlOn(baseUrl, traders[trader]!.webhookUrl), alertBody(alertId, random));
          if (answer === undefined) {
            if (!killed) unexpected.push(`post ${alertId} failed while the server was up`);
            continue;
          }
          answered += 1;
          if (answer.status !== 202 || typeof answer.json.id !== 'string') {
            unexpected.push(`post ${alertId} answered ${answer.status} ${JSON.stringify(answer.json)}`);
            continue;
          }
          acknowledged.set(alertId, { trader, id: answer.json.id });
          acknowledgedNow += 1;
          if (acknowledgedNow === killAfter) {
            killing = new Promise((resolve) => setTimeout(resolve, killDelayMs)).then(kill);
          }
        }
      };
      // A trader clicks "Close at market" now and then while the alerts come in (and the kill may cut it off).
      const closer = async () => {
        let again = false;
        while (sent < budget && !killed) {
          if (!again) await new Promise((resolve) => setTimeout(resolve, randomInt(random, 10, 60)));
          again = false;
          const trader = traders[randomInt(random, 0, traders.length - 1)]!;
          const answer = await closeFirstPosition(baseUrl, trader.authorization);
          if (answer === undefined) {
            if (!killed) unexpected.push('a manual close failed while the server was up');
          } else if (answer !== 'none') {
            // 404: a signal reversed or closed it meanwhile (the list was older), so look again at once; 409: no
            // market price yet.
            if (answer.status === 200) manualCloses += 1;
            else if (answer.status === 404) again = true;
            else if (answer.status !== 409 && !killed) {
              unexpected.push(`a manual close answered ${answer.status} ${answer.body}`);
            }
          }
        }
      };
      await Promise.all([...Array.from({ length: options.concurrency }, poster), closer()]);
      await (killing ?? kill());
      if (unexpected.length > 0) throw new Error(`cycle ${cycle}: ${unexpected.slice(0, 5).join('; ')}`);
      // Before anything opens it again, the file as the kill left it already holds every acknowledged alert.
      if (options.dialect === 'sqlite') {
        checkSqliteFile(sqliteFile, acknowledged);
        verifications += 1;
      }

      // The same DATA_DIR (or schema) again: the lock file names the dead pid, which must count as stale.
      const restarted = performance.now();
      server = await RunningServer.start(testDatabase.env);
      const restartMs = performance.now() - restarted;
      cycles.push({ acknowledged: acknowledgedNow, cutOff: sent - answered, restartMs });
      log(
        `cycle ${cycle}: killed after ${acknowledgedNow} acknowledged posts (${sent - answered} cut off); restarted in ${restartMs.toFixed(0)} ms`,
      );
    }

    const storedUnacknowledged = await verify(server.url, traders);
    await waitForOutcomes(server.url, traders);
    // Each trader closes a position by hand, then sends one more alert, which trades after the close.
    for (const [index, trader] of traders.entries()) {
      const answer = await closeFirstPosition(server.url, trader.authorization);
      if (answer === undefined || (answer !== 'none' && answer.status !== 200)) {
        throw new Error(`a manual close after the last restart answered ${JSON.stringify(answer)}`);
      }
      if (answer !== 'none') manualCloses += 1;
      alertNumber += 1;
      const alertId = `crash-${options.seed}-${alertNumber}`;
      const posted = await post(webhookUrlOn(server.url, trader.webhookUrl), alertBody(alertId, random));
      if (posted?.status !== 202 || typeof posted.json.id !== 'string') {
        throw new Error(`the alert after the last manual close answered ${JSON.stringify(posted)}`);
      }
      acknowledged.set(alertId, { trader: index, id: posted.json.id });
    }
    await waitForOutcomes(server.url, traders);
    const exitCode = await server.stop();
    if (exitCode !== 0) throw new Error(`the server exited with ${exitCode} on SIGTERM`);

    let integrityCheck: string | null = null;
    if (options.dialect === 'sqlite') {
      integrityCheck = checkSqliteFile(sqliteFile, acknowledged);
      verifications += 1;
    }
    const paper = await checkPaperAccounts(testDatabase.config, acknowledged);
    return {
      dialect: options.dialect,
      seed: options.seed,
      cycles,
      acknowledged: acknowledged.size,
      storedUnacknowledged,
      duplicatesAbsorbed: [...repeats.values()].reduce((sum, count) => sum + count, 0),
      verifications,
      integrityCheck,
      manualCloses,
      ...paper,
    };
  } finally {
    await server?.kill();
    await testDatabase.cleanup();
  }
}

/**
 * Opens the embedded database file read-only while no server has it open: it must pass SQLite's integrity
 * check, and hold every acknowledged alert once, under the id it was acknowledged with.
 */
function checkSqliteFile(file: string, acknowledged: Map<string, Acknowledged>): string {
  const db = new SqliteDatabase(file, { readonly: true, fileMustExist: true });
  try {
    const integrity = db.pragma('integrity_check', { simple: true }) as string;
    if (integrity !== 'ok') throw new Error(`integrity_check: ${integrity}`);
    const twice = db
      .prepare(
        "select client_id, count(*) as copies from signals where status <> 'duplicate' group by client_id having count(*) > 1",
      )
      .all();
    if (twice.length > 0) throw new Error(`alerts stored more than once: ${JSON.stringify(twice.slice(0, 5))}`);
    const ids = new Map(
      (
        db.prepare("select id, client_id from signals where status = 'accepted'").all() as {
          id: number;
          client_id: string;
        }[]
      ).map((row) => [row.client_id, String(row.id)]),
    );
    for (const [alertId, ack] of acknowledged) {
      if (ids.get(alertId) !== ack.id)
        throw new Error(`the file lacks acknowledged alert ${alertId} (signal ${ack.id})`);
    }
    return integrity;
  } finally {
    db.close();
  }
}

/** Resolves once every accepted signal of the traders has its outcome (the executor catches up after a restart). */
async function waitForOutcomes(baseUrl: string, traders: SignedInTrader[], timeoutMs = 60_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    let undecided = 0;
    for (const trader of traders) {
      const signals = await listAllSignals(baseUrl, trader.authorization);
      undecided += signals.filter((signal) => signal.status === 'accepted' && signal.outcome === null).length;
    }
    if (undecided === 0) return;
    if (Date.now() > deadline) throw new Error(`${undecided} accepted signals still have no outcome`);
    await new Promise((resolve) => setTimeout(resolve, 500));
  }
}

/**
 * With the server stopped: every acknowledged signal has one outcome row; each strategy's account state, closed
 * trades and outcomes equal a replay of its stored signals over the stored candles.
 */
async function checkPaperAccounts(
  config: Config,
  acknowledged: Map<string, Acknowledged>,
): Promise<{ outcomes: number; executed: number; accountsReplayed: number; replayMismatches: string[] }> {
  const database = await openDatabase(config);
  try {
    const { db } = database;
    const rows = await db
      .selectFrom('signals as s')
      .leftJoin('signal_outcomes as o', 'o.signal_id', 's.id')
      .select(['s.id', 's.client_id', 's.strategy_id'])
      .select(OUTCOME_COLUMNS)
      .where('s.status', '=', 'accepted')
      .execute();
    const decided = new Map(rows.map((row) => [String(row.id), outcomeFromColumns(row)]));
    for (const [alertId, ack] of acknowledged) {
      if (!decided.get(ack.id)) throw new Error(`acknowledged alert ${alertId} (signal ${ack.id}) has no outcome`);
    }
    const strategies = [...new Set(rows.map((row) => Number(row.strategy_id)))];
    const replayMismatches: string[] = [];
    for (const strategyId of strategies) {
      try {
        await checkReplay(strategyId);
      } catch (error) {
        replayMismatches.push((error as Error).message);
      }
    }
    // One strategy against its replay: outcomes first (they say which signal went another way), then the account
    // state and the closed trades.
    async function checkReplay(strategyId: number): Promise<void> {
      const account = (await loadAccount(db, strategyId))!;
      const replayed = await replayAccount(db, account);
      for (const { signalId, outcome } of replayed.outcomes) {
        if (!isDeepStrictEqual(decided.get(String(signalId)), outcome)) {
          throw new Error(
            `signal ${signalId}: outcome ${JSON.stringify(decided.get(String(signalId)))}, replay ${JSON.stringify(outcome)}`,
          );
        }
      }
      const { openedAt: _openedAt, ...state } = account.state;
      const { openedAt: _replayOpenedAt, ...replayedState } = replayed.state;
      // A pair whose feed lagged past MAX_QUOTE_AGE_MS (a restart's backfill, a loaded machine) does not hold the
      // executor back, so a flat pair's candle stored late may never mark the live account; the replay, reading
      // every stored candle, marks it. Such a mark moves no money: it is left out when the account has none.
      const marks = { ...replayedState.marks };
      for (const symbol of Object.keys(marks)) {
        if (!(symbol in state.marks) && !(symbol in state.positions)) delete marks[symbol];
      }
      if (!isDeepStrictEqual(state, { ...replayedState, marks })) {
        throw new Error(
          `strategy ${strategyId}: the account ${JSON.stringify(state)} is not its replay ${JSON.stringify(replayedState)}`,
        );
      }
      const trades = (
        await db
          .selectFrom('paper_trades')
          .selectAll()
          .where('strategy_id', '=', strategyId)
          .where('status', '=', 'closed')
          .execute()
      ).map(closedTrade);
      const key = (trade: { closedAt: number; netPnl: number; quantity: number; exitReason: string }) =>
        `${trade.closedAt} ${trade.netPnl} ${trade.quantity} ${trade.exitReason}`;
      if (!isDeepStrictEqual(trades.map(key).sort(), replayed.trades.map(key).sort())) {
        throw new Error(
          `strategy ${strategyId}: its ${trades.length} trades are not the replay's ${replayed.trades.length}`,
        );
      }
    }
    const outcomes = [...decided.values()].filter((outcome) => outcome !== null);
    return {
      outcomes: outcomes.length,
      executed: outcomes.filter((outcome) => outcome.status === 'executed').length,
      accountsReplayed: strategies.length,
      replayMismatches,
    };
  } finally {
    await database.close();
  }
}
