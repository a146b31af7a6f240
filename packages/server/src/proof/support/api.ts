/*
 * A small client of SignalDeck's HTTP API over real sockets, for the proofs that drive a server process the way
 * a trader's browser and TradingView do (signing up: test/traders.ts).
 */
import { SYMBOLS } from '../../modules/market/markets';
import type { Signal, SignalPage } from '../../modules/signals/schemas';

async function expectJson<T>(response: Response, status: number, what: string): Promise<T> {
  const text = await response.text();
  if (response.status !== status) throw new Error(`${what}: expected ${status}, got ${response.status} ${text}`);
  return JSON.parse(text) as T;
}

/** The same webhook path on another server (another instance, or the same data after a restart). */
export function webhookUrlOn(baseUrl: string, webhookUrl: string): string {
  return `${baseUrl}${new URL(webhookUrl).pathname}`;
}

/** Every signal of the trader, newest first, read page by page through `nextCursor`. */
export async function listAllSignals(baseUrl: string, authorization: string): Promise<Signal[]> {
  const signals: Signal[] = [];
  let cursor: string | null = null;
  do {
    const query: string = cursor === null ? '' : `&cursor=${encodeURIComponent(cursor)}`;
    const page: SignalPage = await expectJson(
      await fetch(`${baseUrl}/api/signals?limit=200${query}`, { headers: { authorization } }),
      200,
      'signals page',
    );
    signals.push(...page.data);
    cursor = page.nextCursor;
  } while (cursor !== null);
  return signals;
}

/** Resolves once `GET /api/health` answers 200, or rejects after `timeoutMs`. */
export async function waitUntilHealthy(baseUrl: string, timeoutMs: number): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  let last = '';
  while (Date.now() < deadline) {
    try {
      const response = await fetch(`${baseUrl}/api/health`, { signal: AbortSignal.timeout(3_000) });
      if (response.status === 200) return;
      last = `${response.status} ${await response.text()}`;
    } catch (error) {
      last = String(error);
    }
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  throw new Error(`${baseUrl} did not become healthy within ${timeoutMs} ms (last answer: ${last})`);
}

/**
 * Resolves once every pair has a stored 1m candle (a first start backfills the pairs one after another), or rejects
 * after `timeoutMs`. Asks twice a second, within a trader's limit on candle reads.
 */
export async function waitForMarketData(baseUrl: string, authorization: string, timeoutMs = 60_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  const waiting = new Set(SYMBOLS);
  while (waiting.size > 0) {
    for (const symbol of waiting) {
      const response = await fetch(`${baseUrl}/api/markets/${symbol}/candles?interval=1m&limit=1`, {
        headers: { authorization },
      });
      if (response.status !== 200) throw new Error(`candles of ${symbol}: ${response.status} ${await response.text()}`);
      if (((await response.json()) as { candles: unknown[] }).candles.length > 0) waiting.delete(symbol);
    }
    if (waiting.size === 0) return;
    if (Date.now() > deadline) throw new Error(`no market data for ${[...waiting].join(', ')} within ${timeoutMs} ms`);
    await new Promise((resolve) => setTimeout(resolve, 500));
  }
}

/**
 * Closes the trader's first open position at market (as "Close at market" does): the answer's status, 'none' when
 * no position is open, or undefined when the connection failed (a killed server).
 */
export async function closeFirstPosition(
  baseUrl: string,
  authorization: string,
): Promise<{ status: number; body: string } | 'none' | undefined> {
  try {
    const positions = await fetch(`${baseUrl}/api/positions`, { headers: { authorization } });
    if (positions.status !== 200) return { status: positions.status, body: await positions.text() };
    const { data } = (await positions.json()) as { data: { id: string }[] };
    if (data.length === 0) return 'none';
    const closed = await fetch(`${baseUrl}/api/positions/${data[0]!.id}/close`, {
      method: 'POST',
      headers: { authorization },
    });
    return { status: closed.status, body: await closed.text() };
  } catch {
    return undefined;
  }
}
