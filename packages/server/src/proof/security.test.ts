import { readdirSync, readFileSync } from 'node:fs';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, manualClock, type TestApp } from '../test/app';
import { createTestDatabase, type TestDatabase } from '../test/database';
import { EventStreamClient } from '../test/event-stream';
import { httpCall } from '../test/http';
import { signUpTrader, TRADER_PASSWORD, type SignedInTrader } from '../test/traders';
import { listAllSignals, webhookUrlOn } from './support/api';
import { RunningServer } from './support/server';

/*
 * Security properties a user or an attacker can observe from outside: the headers the app is served with,
 * CORS, what the database file and the logs hold, how long a sign-in token works, hostile text in signals, and
 * one trader's signals kept from another.
 */

const INDEX_HTML = '<!doctype html><meta property="csp-nonce" nonce="SIGNALDECK_CSP_NONCE"><title>SignalDeck</title>';
const HTML = { accept: 'text/html' };

/** `default-src 'self'; script-src ...` as a map of directive to its sources. */
function directives(policy: string): Map<string, string[]> {
  return new Map(
    policy
      .split(';')
      .map((part) => part.trim().split(/\s+/))
      .filter(([name]) => name)
      .map(([name, ...sources]) => [name!.toLowerCase(), sources]),
  );
}

describe('the headers the app and the API are served with', () => {
  let testApp: TestApp;
  let staticDir: string;

  /** An app with a built index.html to serve. */
  const build = async (env: Record<string, string> = {}) => {
    testApp = await createTestApp('sqlite', { STATIC_DIR: staticDir, ...env });
    return testApp.app;
  };

  beforeAll(async () => {
    staticDir = await mkdtemp(path.join(os.tmpdir(), 'signaldeck-app-'));
    await writeFile(path.join(staticDir, 'index.html'), INDEX_HTML);
  });

  afterAll(async () => {
    await rm(staticDir, { recursive: true, force: true });
  });

  afterEach(async () => {
    await testApp.cleanup();
  });

  it.each(['/', '/signals', '/api/health', '/api/user'])(
    'should send a strict policy and hardening headers on %s',
    async (url) => {
      const app = await build();
      const response = await app.inject({ method: 'GET', url, headers: HTML });
      const policy = directives(String(response.headers['content-security-policy']));
      expect(policy.get('default-src')).toEqual(["'self'"]);
      for (const directive of ['script-src', 'style-src']) {
        const sources = policy.get(directive) ?? policy.get('default-src')!;
        expect(sources).not.toContain("'unsafe-inline'");
        expect(sources).not.toContain("'unsafe-eval'");
        expect(sources.filter((source) => !/^'(self|nonce-[A-Za-z0-9+/=]+)'$/.test(source))).toEqual([]);
      }
      expect(policy.get('object-src')).toEqual(["'none'"]);
      expect(policy.get('base-uri')).toEqual(["'none'"]);
      expect(policy.get('frame-ancestors')).toEqual(["'none'"]);
      expect(response.headers['x-content-type-options']).toBe('nosniff');
      expect(response.headers['referrer-policy']).toBe('no-referrer');
      expect(response.headers['strict-transport-security']).toBeUndefined();
    },
  );

  it('should send HSTS only for HTTPS as reported by a trusted proxy', async () => {
    const forwarded = { 'x-forwarded-proto': 'https' };
    let app = await build();
    expect(
      (await app.inject({ url: '/api/health', headers: forwarded })).headers['strict-transport-security'],
    ).toBeUndefined();
    await testApp.cleanup();

    app = await build({ TRUST_PROXY: '10.1.2.3' });
    expect(
      (await app.inject({ url: '/api/health', headers: forwarded })).headers['strict-transport-security'],
    ).toBeUndefined();
    await testApp.cleanup();

    app = await build({ TRUST_PROXY: '127.0.0.1' });
    expect((await app.inject({ url: '/api/health' })).headers['strict-transport-security']).toBeUndefined();
    const overTls = await app.inject({ url: '/', headers: { ...forwarded, ...HTML } });
    expect(overTls.headers['strict-transport-security']).toMatch(/^max-age=\d{8,}; includeSubDomains$/);
  });

  it('should send HSTS over a real socket on every kind of answer when, and only when, a trusted proxy says HTTPS', async () => {
    const sent = 'max-age=31536000; includeSubDomains';
    let built = false;
    /** For a fresh server with `env` (the one before is closed; afterEach closes the last): proto -> HSTS headers. */
    const hsts = async (env: Record<string, string>, protos: (string | undefined)[]) => {
      if (built) await testApp.cleanup();
      built = true;
      const app = await build(env);
      const base = await app.listen({ host: '127.0.0.1', port: 0 });
      const trader = await signUpTrader(base);
      const requests = [
        { path: '/', headers: HTML },
        { path: '/api/health' },
        { path: '/api/user' },
        { path: '/api/strategies/0', headers: trader.headers },
        { path: '/api/nothing-here' },
        { path: trader.webhookPath, method: 'POST', headers: { 'content-type': ';;;' }, body: '{}' },
        { path: trader.webhookPath, method: 'POST', body: 'x'.repeat(65 * 1024) },
        { path: '/api/login', method: 'POST', headers: { 'content-type': 'application/json' }, body: '{' },
      ];
      const seen: Record<string, string[]> = {};
      for (const proto of protos) {
        const forwarded: Record<string, string> = proto === undefined ? {} : { 'x-forwarded-proto': proto };
        const answers = await Promise.all(
          requests.map(({ path: url, method, headers, body }) =>
            httpCall(`${base}${url}`, { method, headers: { ...headers, ...forwarded }, body }),
          ),
        );
        expect(answers.map((answer) => answer.status)).toEqual([200, 200, 401, 404, 404, 415, 413, 400]);
        seen[proto ?? 'none'] = [
          ...new Set(answers.map((answer) => answer.headers['strict-transport-security'] ?? '')),
        ];
      }
      return seen;
    };

    expect(await hsts({}, [undefined, 'https'])).toEqual({ none: [''], https: [''] });
    expect(await hsts({ TRUST_PROXY: '10.1.2.3' }, ['https'])).toEqual({ https: [''] });
    // Each proxy appends its own: the last entry, added by the trusted proxy in front of us, is the one that counts.
    expect(
      await hsts({ TRUST_PROXY: '127.0.0.1' }, [
        undefined,
        'http',
        'javascript',
        'https, http',
        'https',
        'HTTPS',
        'http, https',
      ]),
    ).toEqual({
      none: [''],
      http: [''],
      javascript: [''],
      'https, http': [''],
      https: [sent],
      HTTPS: [sent],
      'http, https': [sent],
    });
  });

  describe('CORS', () => {
    const preflight = (origin: string) => ({
      method: 'OPTIONS' as const,
      url: '/api/login',
      headers: {
        origin,
        'access-control-request-method': 'POST',
        'access-control-request-headers': 'authorization,content-type',
      },
    });

    it('should be closed to every foreign origin by default', async () => {
      const app = await build();
      for (const origin of ['https://evil.example', 'null', 'http://localhost:5173']) {
        const answer = await app.inject(preflight(origin));
        expect(answer.headers['access-control-allow-origin']).toBeUndefined();
        expect(answer.headers['access-control-allow-credentials']).toBeUndefined();
        const read = await app.inject({ method: 'GET', url: '/api/health', headers: { origin } });
        expect(read.headers['access-control-allow-origin']).toBeUndefined();
      }
    });

    it('should open only to the origins CORS_ORIGINS lists, without credentials', async () => {
      const app = await build({ CORS_ORIGINS: 'https://desk.example.com' });
      const allowed = await app.inject(preflight('https://desk.example.com'));
      expect(allowed.headers['access-control-allow-origin']).toBe('https://desk.example.com');
      expect(allowed.headers['access-control-allow-credentials']).toBeUndefined();
      const foreign = await app.inject(preflight('https://evil.example'));
      expect(foreign.headers['access-control-allow-origin']).toBeUndefined();
      const lookalike = await app.inject(preflight('https://desk.example.com.evil.example'));
      expect(lookalike.headers['access-control-allow-origin']).toBeUndefined();
    });
  });
});

describe('sign-in tokens', () => {
  let testApp: TestApp;
  const clock = manualClock(Date.UTC(2025, 5, 1));

  afterEach(async () => {
    await testApp.cleanup();
  });

  const reads = ['/api/user', '/api/signals', '/api/webhook', '/api/markets', '/api/stream'];
  const expectSignedOut = async (authorization: string) => {
    for (const url of reads) {
      const response = await testApp.app.inject({ method: 'GET', url, headers: { authorization } });
      expect(response.statusCode, url).toBe(401);
      expect(response.json()).toEqual({ message: 'Unauthenticated.' });
    }
  };

  it('should stop working at logout, for that token only', async () => {
    testApp = await createTestApp('sqlite', {}, { clock });
    const trader = await signUpTrader(testApp.app);
    const login = await testApp.app.inject({
      method: 'POST',
      url: '/api/login',
      payload: { email: trader.email, password: trader.password },
    });
    const other = { authorization: `Bearer ${login.json<{ token: string }>().token}` };

    expect((await testApp.app.inject({ method: 'POST', url: '/api/logout', headers: trader.headers })).statusCode).toBe(
      204,
    );
    await expectSignedOut(trader.headers.authorization);
    expect((await testApp.app.inject({ method: 'POST', url: '/api/logout', headers: trader.headers })).statusCode).toBe(
      401,
    );
    expect((await testApp.app.inject({ method: 'GET', url: '/api/user', headers: other })).statusCode).toBe(200);
  });

  it('should stop working once idle longer than TOKEN_IDLE_TTL_MINUTES', async () => {
    testApp = await createTestApp('sqlite', { TOKEN_IDLE_TTL_MINUTES: '2' }, { clock });
    const trader = await signUpTrader(testApp.app);
    for (let use = 0; use < 5; use += 1) {
      clock.advance(90_000);
      expect((await testApp.app.inject({ method: 'GET', url: '/api/user', headers: trader.headers })).statusCode).toBe(
        200,
      );
    }
    clock.advance(2 * 60_000);
    await expectSignedOut(trader.headers.authorization);
    clock.advance(-2 * 60_000);
    // Revoked on its first refusal: turning the clock back does not bring it back.
    expect((await testApp.app.inject({ method: 'GET', url: '/api/user', headers: trader.headers })).statusCode).toBe(
      401,
    );
  });

  it('should stop working after TOKEN_ABSOLUTE_TTL_DAYS however often it is used', async () => {
    testApp = await createTestApp('sqlite', { TOKEN_ABSOLUTE_TTL_DAYS: '1' }, { clock });
    const trader = await signUpTrader(testApp.app);
    for (let hour = 0; hour < 23; hour += 1) {
      clock.advance(60 * 60_000);
      expect((await testApp.app.inject({ method: 'GET', url: '/api/user', headers: trader.headers })).statusCode).toBe(
        200,
      );
    }
    clock.advance(61 * 60_000);
    await expectSignedOut(trader.headers.authorization);
  });
});

describe('a server process that handled sign-ins and webhook posts', () => {
  let testDatabase: TestDatabase;
  let server: RunningServer;
  let alice: SignedInTrader;
  let bob: SignedInTrader;
  const secrets: { name: string; value: string }[] = [];
  const HOSTILE = {
    strategy: '<script>alert("strategy")</script>',
    comment: '<img src=x onerror=alert(1)>',
    ticker: 'BTC"><svg/onload=alert(2)>',
  };

  beforeAll(async () => {
    testDatabase = await createTestDatabase('sqlite', { RATE_LIMIT_REGISTER_PER_MINUTE: '1000' });
    server = await RunningServer.start(testDatabase.env, { logLevel: 'debug' });
    alice = await signUpTrader(server.url, 'Alice');
    bob = await signUpTrader(server.url, 'Bob');
    const remember = (name: string, value: string) => secrets.push({ name, value });
    remember('password', TRADER_PASSWORD);
    for (const trader of [alice, bob]) {
      remember('bearer token', trader.authorization.slice('Bearer '.length));
      remember('bearer secret', trader.authorization.split('|')[1]!);
      remember('webhook token', new URL(trader.webhookUrl).pathname.split('/').pop()!);
    }

    const wrongPassword = 'not-the-password-but-secret-9b1f';
    remember('wrong password', wrongPassword);
    const failed = await fetch(`${server.url}/api/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ email: alice.email, password: wrongPassword }),
    });
    expect(failed.status).toBe(422);
    const login = await fetch(`${server.url}/api/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ email: alice.email, password: TRADER_PASSWORD }),
    });
    const { token } = (await login.json()) as { token: string };
    remember('second bearer token', token);
    expect(
      (await fetch(`${server.url}/api/logout`, { method: 'POST', headers: { authorization: `Bearer ${token}` } }))
        .status,
    ).toBe(204);

    const rotated = await fetch(`${server.url}/api/webhook/rotate`, {
      method: 'POST',
      headers: { authorization: bob.authorization },
    });
    const oldBobWebhook = bob.webhookUrl;
    bob = { ...bob, webhookUrl: ((await rotated.json()) as { url: string }).url };
    remember('rotated webhook token', new URL(bob.webhookUrl).pathname.split('/').pop()!);
    const toOld = await fetch(webhookUrlOn(server.url, oldBobWebhook), {
      method: 'POST',
      body: '{"ticker":"BTC","action":"buy"}',
    });
    expect(toOld.status).toBe(404);
  });

  afterAll(async () => {
    await server?.kill();
    await testDatabase?.cleanup();
  });

  const post = async (trader: SignedInTrader, fields: Record<string, unknown>) => {
    const response = await fetch(webhookUrlOn(server.url, trader.webhookUrl), {
      method: 'POST',
      headers: { 'content-type': 'text/plain' },
      body: JSON.stringify({ action: 'buy', price: '1', ...fields }),
    });
    expect(response.status).toBe(202);
    return ((await response.json()) as { id: string }).id;
  };

  it('should return hostile text in signals as plain JSON strings', async () => {
    const id = await post(alice, { ...HOSTILE, id: 'hostile-1' });
    const list = await fetch(`${server.url}/api/signals`, { headers: { authorization: alice.authorization } });
    expect(list.headers.get('content-type')).toMatch(/^application\/json/);
    expect(list.headers.get('x-content-type-options')).toBe('nosniff');
    const { data } = (await list.json()) as {
      data: { id: string; strategy: string; comment: string; reason: string }[];
    };
    const signal = data.find((candidate) => candidate.id === id)!;
    expect(signal).toMatchObject({ strategy: HOSTILE.strategy, comment: HOSTILE.comment });
    // The ticker is refused as no symbol, and the reason quotes it as JSON text, not as markup.
    expect(signal.reason).toContain('Ticker must be a symbol');

    const one = await fetch(`${server.url}/api/signals/${id}`, { headers: { authorization: alice.authorization } });
    expect(one.headers.get('content-type')).toMatch(/^application\/json/);
    const raw = ((await one.json()) as { raw: string }).raw;
    expect(JSON.parse(raw)).toMatchObject(HOSTILE);
  });

  it("should never show one trader's signals to another", async () => {
    const bobStream = await EventStreamClient.open(server.url, bob.authorization);
    await bobStream.opened();
    const aliceIds = [
      await post(alice, { ticker: 'ETH', id: 'private-1' }),
      await post(alice, { ticker: 'ETH', id: 'private-2' }),
    ];
    const bobId = await post(bob, { ticker: 'SOL', id: 'bob-1' });

    for (const id of aliceIds) {
      const answer = await fetch(`${server.url}/api/signals/${id}`, { headers: { authorization: bob.authorization } });
      expect(answer.status).toBe(404);
      expect(await answer.json()).toEqual({ message: 'Signal not found.' });
    }
    expect((await listAllSignals(server.url, bob.authorization)).map((signal) => signal.id)).toEqual([bobId]);
    const aliceFirstPage = (await (
      await fetch(`${server.url}/api/signals?limit=1`, { headers: { authorization: alice.authorization } })
    ).json()) as { nextCursor: string };
    const withAliceCursor = await fetch(`${server.url}/api/signals?cursor=${aliceFirstPage.nextCursor}`, {
      headers: { authorization: bob.authorization },
    });
    // A cursor is only a position: with Alice's, Bob still pages through his own signals only.
    const pagedWithIt = ((await withAliceCursor.json()) as { data: { id: string }[] }).data.map((signal) => signal.id);
    expect(pagedWithIt.filter((id) => id !== bobId)).toEqual([]);

    await bobStream.waitForSignals(1, 5_000);
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(bobStream.signalIds).toEqual([bobId]);
    // Left open: the server ends it when it stops.
  });

  it("should never show one trader's strategies, positions, trades, performance or their events to another", async () => {
    const bobStream = await EventStreamClient.open(server.url, bob.authorization);
    await bobStream.opened();
    const asAlice = { authorization: alice.authorization, 'content-type': 'application/json' };
    const created = await fetch(`${server.url}/api/strategies`, {
      method: 'POST',
      headers: asAlice,
      body: JSON.stringify({ name: 'Private', settings: { sizing: { mode: 'fixed', value: 0.01 } } }),
    });
    expect(created.status).toBe(201);
    const strategy = (await created.json()) as { id: string; webhookUrl: string };
    secrets.push({ name: 'strategy webhook token', value: new URL(strategy.webhookUrl).pathname.split('/').pop()! });
    const buy = await fetch(webhookUrlOn(server.url, strategy.webhookUrl), {
      method: 'POST',
      body: JSON.stringify({ ticker: 'BTCUSDT', action: 'buy', id: 'alice-private-buy' }),
    });
    expect(buy.status).toBe(202);

    // The executor fills it at the demo market's price within seconds.
    let positions: { id: string; strategyId: string }[] = [];
    for (let attempt = 0; attempt < 60 && positions.length === 0; attempt += 1) {
      await new Promise((resolve) => setTimeout(resolve, 250));
      const answer = await fetch(`${server.url}/api/positions?strategy=${strategy.id}`, { headers: asAlice });
      positions = ((await answer.json()) as { data: typeof positions }).data;
    }
    expect(positions).toEqual([expect.objectContaining({ strategyId: strategy.id })]);

    const asBob = { authorization: bob.authorization, 'content-type': 'application/json' };
    const bobStrategies = (await (await fetch(`${server.url}/api/strategies`, { headers: asBob })).json()) as {
      data: { id: string }[];
    };
    expect(bobStrategies.data.map((one) => one.id)).not.toContain(strategy.id);
    // Bob sees his own positions and trades (his Default holds some from above), never one of Alice's.
    const bobStrategyIds = bobStrategies.data.map((one) => one.id);
    for (const url of ['/api/positions', '/api/trades']) {
      const answer = (await (await fetch(`${server.url}${url}`, { headers: asBob })).json()) as {
        data: { strategyId: string }[];
      };
      for (const row of answer.data) expect(bobStrategyIds, url).toContain(row.strategyId);
    }
    const performance = (await (await fetch(`${server.url}/api/performance`, { headers: asBob })).json()) as {
      tradeCount: number;
    };
    expect(performance.tradeCount).toBe(0);
    for (const [method, url] of [
      ['GET', `/api/strategies/${strategy.id}`],
      ['GET', `/api/strategies/${strategy.id}/health`],
      ['PATCH', `/api/strategies/${strategy.id}`],
      ['DELETE', `/api/strategies/${strategy.id}`],
      ['POST', `/api/strategies/${strategy.id}/rotate`],
      ['POST', `/api/strategies/${strategy.id}/reset`],
      ['POST', `/api/positions/${positions[0]!.id}/close`],
      ['GET', `/api/trades?strategy=${strategy.id}`],
      ['GET', `/api/performance?strategy=${strategy.id}`],
    ]) {
      const answer = await fetch(`${server.url}${url}`, {
        method,
        headers: asBob,
        ...(method === 'GET' ? {} : { body: '{}' }),
      });
      expect(answer.status, `${method} ${url}`).toBe(404);
    }
    // Alice's account is untouched, and Bob's stream heard nothing of it.
    const still = (await (
      await fetch(`${server.url}/api/positions?strategy=${strategy.id}`, { headers: asAlice })
    ).json()) as {
      data: unknown[];
    };
    expect(still.data).toHaveLength(1);
    await new Promise((resolve) => setTimeout(resolve, 300));
    // Bob's own signal of the case above may be executed meanwhile (once its minute's market data is in): only
    // events of his own strategies may reach him.
    const strangers = bobStream.events.filter(
      (event) =>
        ['outcome', 'position', 'trade'].includes(event.event) &&
        !bobStrategyIds.includes(String((event.data as { strategyId?: unknown }).strategyId)),
    );
    expect(strangers).toEqual([]);
  });

  it('should keep sign-in tokens, webhook tokens and passwords out of the database files and the logs', async () => {
    await post(alice, { ticker: 'BTC', id: 'before-the-scan' });
    const dataDir = testDatabase.config.dataDir;
    const scan = (stage: string) => {
      const files = readdirSync(dataDir).filter((name) => name.startsWith('signaldeck.db'));
      expect(files).toContain('signaldeck.db');
      const places = [
        ...files.map((name) => ({ place: `${stage} ${name}`, bytes: readFileSync(path.join(dataDir, name)) })),
        { place: `${stage} stdout`, bytes: Buffer.from(server.process.stdout()) },
        { place: `${stage} stderr`, bytes: Buffer.from(server.process.stderr()) },
      ];
      const found = places.flatMap(({ place, bytes }) =>
        secrets.filter(({ value }) => bytes.includes(value)).map(({ name }) => `${name} in ${place}`),
      );
      expect(found).toEqual([]);
      return places;
    };

    // While running, recent writes sit in the write-ahead log.
    const running = scan('running');
    expect(running.some(({ place }) => place.endsWith('signaldeck.db-wal'))).toBe(true);
    // The scan does see what is stored in plain text, such as an email address.
    expect(running.some(({ place, bytes }) => place.includes('signaldeck.db') && bytes.includes(alice.email))).toBe(
      true,
    );
    // The log did record the requests (at debug level), with the webhook path redacted.
    expect(server.process.stdout()).toContain('"url":"/api/webhooks/[redacted]"');
    expect(server.process.stdout()).toContain('"url":"/api/login"');

    // After a graceful stop the log is complete and the write-ahead log is checkpointed into the database file.
    expect(await server.stop()).toBe(0);
    const stopped = scan('stopped');
    expect(stopped.some(({ place, bytes }) => place.endsWith('signaldeck.db') && bytes.includes(alice.email))).toBe(
      true,
    );
  });
});
