import { readFileSync } from 'node:fs';
import type { FastifyInstance, LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { createTestApp, type TestApp } from '../test/app';
import { TEST_DIALECTS } from '../test/database';
import { DemoSource } from '../modules/market/demo-source';
import { bucketStart, INTERVALS, type Candle, type Interval } from '../modules/market/markets';
import { upsertCandles } from '../modules/market/store';
import type { CandleUpdate } from '../modules/stream/events';
import { EventStreamClient } from '../test/event-stream';
import { API_REFERENCE_PATH, renderApiReference } from '../../scripts/api-reference';
import { componentNames } from './components';
import type { ApiOperation, JsonSchema, Method, OpenApiDocument, ResponseObject } from './document';
import type { ApiBody } from './registry';
import { OPENAPI_CACHE_CONTROL } from './routes';

/** The operations and document of an app, read from its routes once it is ready. */
async function describeApi(
  app: FastifyInstance,
): Promise<{ operations: readonly ApiOperation[]; document: OpenApiDocument }> {
  await app.ready();
  return app.apiDescription;
}

const findOperation = (operations: readonly ApiOperation[], operationId: string): ApiOperation => {
  const found = operations.find((candidate) => candidate.operationId === operationId);
  if (!found) throw new Error(`no operation ${operationId}`);
  return found;
};

/** Every body an operation declares (request and answers), with what it is. */
function bodiesOf(entry: ApiOperation): { what: string; body: ApiBody }[] {
  return [
    ...Object.entries(entry.body?.content ?? {}).map(([mediaType, body]) => ({
      what: `${entry.operationId} request (${mediaType})`,
      body,
    })),
    ...Object.entries(entry.responses).flatMap(([status, response]) =>
      Object.entries(response.content ?? {}).map(([mediaType, body]) => ({
        what: `${entry.operationId} ${status} (${mediaType})`,
        body,
      })),
    ),
  ];
}

/** `/api/signals/{id}` as Fastify writes it: `/api/signals/:id`. */
const fastifyPath = (path: string) => path.replace(/\{(\w+)\}/g, ':$1');

/** Expects `value` to be valid for `schema` and to hold nothing the schema does not describe. */
function expectMatches(schema: z.ZodType, value: unknown, what: string): void {
  const result = schema.safeParse(value);
  expect(result.error?.issues, `${what}: ${JSON.stringify(value)}`).toBeUndefined();
  expect(result.data, `${what} has fields the schema does not describe`).toEqual(value);
}

/** Every `$ref` anywhere in a value. */
function references(value: unknown): string[] {
  if (Array.isArray(value)) return value.flatMap(references);
  if (typeof value !== 'object' || value === null) return [];
  return Object.entries(value).flatMap(([key, inner]) =>
    key === '$ref' && typeof inner === 'string' ? [inner] : references(inner),
  );
}

function resolveResponse(doc: OpenApiDocument, path: string, method: string, status: string): ResponseObject {
  const response = doc.paths[path]![method as Method]!.responses[status]!;
  return '$ref' in response ? doc.components.responses[response.$ref.split('/').pop()!]! : response;
}

/** The server-sent events of a stream's text: event name and parsed data. */
function parseEventStream(text: string): { event: string; data: unknown }[] {
  return text
    .split('\n\n')
    .map((block) => ({
      event: /^event: (.*)$/m.exec(block)?.[1],
      data: /^data: (.*)$/m.exec(block)?.[1],
    }))
    .filter((frame): frame is { event: string; data: string } => frame.event !== undefined && frame.data !== undefined)
    .map(({ event, data }) => ({ event, data: JSON.parse(data) as unknown }));
}

/** "METHOD /path" of every route in Fastify's route table, read from printRoutes' tree (HEAD and OPTIONS left out). */
function routeTable(app: FastifyInstance): Set<string> {
  const routes = new Set<string>();
  const ancestors: string[] = [];
  for (const line of app.printRoutes({ commonPrefix: false }).split('\n')) {
    const match = /^((?:│ {3}| {4})*)(?:├── |└── )(.*?)(?: \(([A-Z, ]+)\))?$/.exec(line);
    if (!match) continue;
    const depth = match[1]!.length / 4;
    const path = (ancestors[depth - 1] ?? '') + match[2];
    ancestors.length = depth;
    ancestors.push(path);
    for (const method of match[3]?.split(', ') ?? []) {
      if (method !== 'HEAD' && method !== 'OPTIONS') routes.add(`${method} ${path}`);
    }
  }
  return routes;
}

describe('the OpenAPI document', () => {
  let testApp: TestApp;
  let operations: readonly ApiOperation[];
  let document: OpenApiDocument;

  beforeAll(async () => {
    testApp = await createTestApp('sqlite');
    ({ operations, document } = await describeApi(testApp.app));
  });

  afterAll(async () => {
    await testApp.cleanup();
  });

  it('should be an OpenAPI 3.1 document whose operations are complete', () => {
    expect(document.openapi).toBe('3.1.0');
    expect(document.info).toMatchObject({ title: 'SignalDeck API', version: expect.stringMatching(/^\d+\.\d+\.\d+/) });
    const tags = new Set(document.tags.map((tag) => tag.name));
    const operationIds = new Set<string>();
    for (const [path, methods] of Object.entries(document.paths)) {
      expect(path).toMatch(/^\/api\//);
      for (const [method, entry] of Object.entries(methods)) {
        expect(['get', 'post', 'put', 'patch', 'delete']).toContain(method);
        expect(operationIds.has(entry.operationId), `${entry.operationId} is used twice`).toBe(false);
        operationIds.add(entry.operationId);
        expect(entry.summary).not.toBe('');
        expect(entry.description).not.toBe('');
        for (const tag of entry.tags) expect(tags).toContain(tag);
        for (const requirement of entry.security) {
          for (const scheme of Object.keys(requirement))
            expect(document.components.securitySchemes).toHaveProperty(scheme);
        }
        const templated = [...path.matchAll(/\{(\w+)\}/g)].map((match) => match[1]);
        const pathParameters = (entry.parameters ?? []).filter((parameter) => parameter.in === 'path');
        expect(pathParameters.map((parameter) => parameter.name)).toEqual(templated);
        expect(Object.keys(entry.responses).length).toBeGreaterThan(0);
        for (const [status, response] of Object.entries(entry.responses)) {
          expect(status).toMatch(/^[1-5]\d\d$/);
          const resolved = resolveResponse(document, path, method, status);
          expect(resolved.description).not.toBe('');
          if (Number(status) >= 400 && entry.operationId !== 'getHealth') {
            expect(resolved.content, `${method} ${path} ${status}`).toEqual({
              'application/json': expect.objectContaining({ schema: { $ref: '#/components/schemas/Error' } }),
            });
          }
          if ('$ref' in response) expect(response.$ref).toMatch(/^#\/components\/responses\/\w+$/);
        }
      }
    }
  });

  it('should resolve every reference', () => {
    for (const reference of references(document)) {
      const [, section, name] = /^#\/components\/(schemas|responses)\/(\w+)$/.exec(reference) ?? [];
      expect(section, reference).toBeDefined();
      expect(document.components[section as 'schemas' | 'responses']).toHaveProperty(name!);
    }
  });

  it('should describe bearer tokens as HTTP bearer authentication', () => {
    expect(document.components.securitySchemes.bearerAuth).toMatchObject({ type: 'http', scheme: 'bearer' });
    const protectedOperations = operations.filter((entry) => entry.auth).map((entry) => entry.operationId);
    expect(protectedOperations).toContain('getUser');
    expect(protectedOperations).not.toContain('receiveAlert');
  });

  it('should hold each named schema the routes use exactly as zod converts it, and no other', () => {
    const used = operations.flatMap(bodiesOf).flatMap(({ body }) => [body.schema, ...Object.values(body.events ?? {})]);
    const named = new Map(
      used.flatMap((schema) => {
        const name = componentNames.get(schema)?.name;
        return name ? [[name, schema] as const] : [];
      }),
    );
    expect(Object.keys(document.components.schemas).sort()).toEqual([...named.keys()].sort());
    for (const [name, schema] of named) {
      const { $schema, ...expected } = z.toJSONSchema(schema, { target: 'draft-2020-12', io: 'input' });
      expect($schema).toBe('https://json-schema.org/draft/2020-12/schema');
      expect(document.components.schemas[name], name).toEqual(expected);
    }
  });

  it("should describe each parameter as zod converts its route's schema", () => {
    for (const entry of operations) {
      const documented = document.paths[entry.path]![entry.method]!.parameters ?? [];
      for (const [place, schema] of [
        ['path', entry.params],
        ['query', entry.query],
      ] as const) {
        if (!schema) continue;
        const { properties = {}, required = [] } = z.toJSONSchema(schema, { io: 'input' }) as JsonSchema;
        const parameters = documented.filter((parameter) => parameter.in === place);
        expect(parameters.map((parameter) => parameter.name)).toEqual(Object.keys(properties));
        for (const parameter of parameters) {
          const { description, ...rest } = properties[parameter.name] as JsonSchema;
          expect(parameter.schema).toEqual(rest);
          expect(parameter.description, `${entry.operationId} ${parameter.name}`).toBe(description);
          expect(parameter.description, `${entry.operationId} ${parameter.name}`).not.toBe('');
          expect(parameter.required).toBe(place === 'path' || required.includes(parameter.name));
        }
      }
    }
  });

  it('should give examples that match their schemas', () => {
    for (const { what, body } of operations.flatMap(bodiesOf)) {
      expectMatches(body.schema, body.example, `${what} example`);
      if (!body.events) continue;
      const events = parseEventStream(body.example as string);
      expect(events.map(({ event }) => event).sort()).toEqual(Object.keys(body.events).sort());
      for (const { event, data } of events) expectMatches(body.events[event]!, data, `${what} ${event} event example`);
    }
  });

  it('should be what docs/api.md says', () => {
    const written = readFileSync(API_REFERENCE_PATH, 'utf8');
    expect(
      written === renderApiReference(document),
      'docs/api.md is out of date: run pnpm --filter @signaldeck/server docs:api',
    ).toBe(true);
  });
});

const PASSWORD = 'correct horse battery';
const CANDLES_FROM = Date.UTC(2025, 5, 4, 9, 0);

describe.each(TEST_DIALECTS)('the API on %s, against its OpenAPI document', (dialect) => {
  let testApp: TestApp;
  let app: FastifyInstance;
  /** "operationId status" of every answer checked against the document. */
  const seen = new Set<string>();
  let authorization = '';
  let webhookPath = '';
  let operations: readonly ApiOperation[];
  const operation = (operationId: string) => findOperation(operations, operationId);

  /** Checks an answer against what the document says `operationId` answers with its status. */
  function expectDocumented(operationId: string, response: LightMyRequestResponse): void {
    const entry = operation(operationId);
    const documented = entry.responses[response.statusCode];
    expect(
      documented,
      `${operationId} answered ${response.statusCode}, which is not documented: ${response.body}`,
    ).toBeDefined();
    const body = documented!.content?.['application/json'];
    if (body) {
      expect(response.headers['content-type']).toMatch(/^application\/json/);
      expectMatches(body.schema, response.json(), `${operationId} ${response.statusCode}`);
    } else {
      expect(response.body).toBe('');
    }
    for (const header of Object.keys(documented!.headers ?? {})) {
      expect(response.headers, `${operationId} ${response.statusCode}`).toHaveProperty(header.toLowerCase());
    }
    seen.add(`${operationId} ${response.statusCode}`);
  }

  /** Sends a request to `operationId`'s path (or `url`) and checks the answer against the document. */
  async function call(
    operationId: string,
    status: number,
    options: { url?: string; headers?: Record<string, string>; payload?: string | object } = {},
  ): Promise<LightMyRequestResponse> {
    const entry = operation(operationId);
    const response = await app.inject({
      method: entry.method.toUpperCase() as 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE',
      url: options.url ?? entry.path,
      headers: options.headers,
      payload: options.payload,
    });
    expect(response.statusCode, `${operationId}: ${response.body}`).toBe(status);
    expectDocumented(operationId, response);
    return response;
  }

  const signedIn = () => ({ authorization });
  const currentWebhookPath = async () =>
    new URL((await call('getWebhook', 200, { headers: signedIn() })).json<{ url: string }>().url).pathname;
  const alertHeaders = { 'content-type': 'text/plain' };

  beforeAll(async () => {
    testApp = await createTestApp(dialect, {
      RATE_LIMIT_LOGIN_FAILURES_PER_MINUTE: '1',
      NOTIFICATIONS_ALLOWED_HOSTS: '127.0.0.1',
    });
    app = testApp.app;
    ({ operations } = await describeApi(app));
    const demo = new DemoSource();
    for (const symbol of ['BTC', 'ETH'] as const) {
      await upsertCandles(
        testApp.database.db,
        symbol,
        await demo.candles(symbol, CANDLES_FROM, CANDLES_FROM + 90 * 60_000),
      );
    }
    const registration = await call('register', 201, {
      payload: {
        name: 'Grace',
        email: `grace-${dialect}@example.com`,
        password: PASSWORD,
        password_confirmation: PASSWORD,
      },
    });
    authorization = `Bearer ${registration.json<{ token: string }>().token}`;
    webhookPath = await currentWebhookPath();
  });

  afterAll(async () => {
    // After the stream test aborts its fetch, undici opens a spare connection that never sends a request, and
    // server.close() waits for such connections (only idle ones that served a request are closed).
    app.server.closeAllConnections();
    await testApp.cleanup();
  });

  it('should document exactly the routes it serves under /api/', async () => {
    await app.ready();
    const served = [...routeTable(app)].filter((route) => route.split(' ')[1]!.startsWith('/api/'));
    const documented = operations.map((entry) => `${entry.method.toUpperCase()} ${fastifyPath(entry.path)}`);
    expect(served.sort()).toEqual(documented.sort());
  });

  it('should serve the document at /api/openapi.json, to anyone, cached for a short time', async () => {
    const response = await call('getOpenApiDocument', 200);
    expect(response.headers['cache-control']).toBe(OPENAPI_CACHE_CONTROL);
    expect(operation('getOpenApiDocument').responses[200]!.headers!['Cache-Control']).toContain(OPENAPI_CACHE_CONTROL);
    expect(response.json()).toEqual(JSON.parse(JSON.stringify(app.apiDescription.document)));
  });

  it('should answer registering, signing in and out as documented', async () => {
    const email = `ada-${dialect}@example.com`;
    await call('register', 201, {
      payload: { name: 'Ada', email, password: PASSWORD, password_confirmation: PASSWORD },
    });
    await call('register', 422, { payload: { name: 'Ada', email: 'not an email', password: 'short' } });
    await call('register', 400, { headers: { 'content-type': 'application/json' }, payload: '{"name": ' });
    await call('register', 415, {
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: 'name=Ada',
    });
    await call('register', 413, { payload: { name: 'Ada', email, password: 'x'.repeat(20_000) } });

    const second = await call('login', 200, { payload: { email, password: PASSWORD } });
    const secondToken = { authorization: `Bearer ${second.json<{ token: string }>().token}` };
    await call('login', 422, { payload: { email: 'nobody@example.com', password: 'wrong password' } });
    await call('login', 429, { payload: { email: 'nobody@example.com', password: 'wrong password' } });

    await call('getUser', 200, { headers: signedIn() });
    await call('getUser', 401, { headers: { authorization: 'Bearer 1|not-a-real-token-at-all' } });
    await call('logout', 204, { headers: secondToken });
    await call('getUser', 401, { headers: secondToken });
  });

  it('should answer the market data endpoints as documented', async () => {
    await call('listMarkets', 200, { headers: signedIn() });
    for (const query of ['', '?interval=1h&limit=2', `?interval=5m&before=${CANDLES_FROM + 30 * 60_000}`]) {
      const response = await call('listCandles', 200, { url: `/api/markets/btc/candles${query}`, headers: signedIn() });
      expect(response.json<{ candles: unknown[] }>().candles.length).toBeGreaterThan(0);
    }
    await call('listCandles', 404, { url: '/api/markets/XYZ/candles', headers: signedIn() });
    await call('listCandles', 422, { url: '/api/markets/ETH/candles?interval=9m', headers: signedIn() });
  });

  it('should answer the webhook and signals endpoints as documented', async () => {
    const alert = { ticker: 'BINANCE:BTCUSDT', action: 'buy', price: '65000.5', interval: '15', id: `a-${dialect}` };
    const receive = (status: number, payload: string | object, headers: Record<string, string> = alertHeaders) =>
      call('receiveAlert', status, { url: webhookPath, headers, payload });

    const stored = (await receive(202, JSON.stringify(alert))).json<{ id: string }>();
    await receive(200, alert, { 'content-type': 'application/json' });
    await receive(202, 'buy BTC now');
    await receive(
      202,
      { ...alert, id: 'b', ticker: 'ETHUSDT', action: 'sell', quantity: 2 },
      { 'content-type': 'application/json' },
    );
    await receive(413, 'x'.repeat(70 * 1024));
    await call('receiveAlert', 404, { url: `/api/webhooks/${'A'.repeat(43)}`, headers: alertHeaders, payload: '{}' });

    await call('getWebhookSettings', 200, { headers: signedIn() });
    await call('updateWebhookSettings', 200, { headers: signedIn(), payload: { tradingViewOnly: true } });
    await receive(403, JSON.stringify(alert));
    await call('updateWebhookSettings', 200, { headers: signedIn(), payload: { tradingViewOnly: false } });
    await call('updateWebhookSettings', 422, { headers: signedIn(), payload: { tradingViewOnly: 'yes' } });
    await call('updateWebhookSettings', 400, {
      headers: { ...signedIn(), 'content-type': 'application/json' },
      payload: '{',
    });

    const firstPage = (await call('listSignals', 200, { url: '/api/signals?limit=2', headers: signedIn() })).json<{
      nextCursor: string;
    }>();
    expect(firstPage.nextCursor).not.toBeNull();
    await call('listSignals', 200, {
      url: `/api/signals?limit=2&cursor=${firstPage.nextCursor}`,
      headers: signedIn(),
    });
    await call('listSignals', 200, {
      url: '/api/signals?ticker=BINANCE:BTCUSDT&status=duplicate',
      headers: signedIn(),
    });
    await call('listSignals', 422, { url: '/api/signals?cursor=bogus', headers: signedIn() });
    await call('getSignal', 200, { url: `/api/signals/${stored.id}`, headers: signedIn() });
    await call('getSignal', 404, { url: '/api/signals/999999', headers: signedIn() });

    await call('rotateWebhook', 200, { headers: signedIn() });
    await receive(404, JSON.stringify(alert));
    webhookPath = await currentWebhookPath();
  });

  it('should answer the paper trading endpoints as documented', async () => {
    // A fresh BTC price (the latest finished minute), and the minutes after it stored already, so the executor
    // does not wait for the feed to finish the current one: a few of them, for a busy machine whose alert below
    // arrives in a later minute than this one.
    const minute = Math.floor(Date.now() / 60_000) * 60_000 - 60_000;
    await upsertCandles(
      testApp.database.db,
      'BTC',
      [0, 1, 2, 3, 4].map((later) => ({
        time: minute + later * 60_000,
        open: 65_000,
        high: 65_100,
        low: 64_900,
        close: 65_000,
        volume: 1,
      })),
    );
    const headers = signedIn();
    const strategies = (await call('listStrategies', 200, { headers })).json<{ data: { id: string }[] }>().data;
    const created = (
      await call('createStrategy', 201, { headers, payload: { name: 'Breakout', settings: { stopLossPct: 2 } } })
    ).json<{ id: string; webhookUrl: string }>();
    await call('createStrategy', 422, { headers, payload: { name: '', settings: { feeBps: -1 } } });
    await call('getStrategy', 200, { url: `/api/strategies/${created.id}`, headers });
    await call('getStrategy', 404, { url: '/api/strategies/999999', headers });
    await call('updateStrategy', 200, { url: `/api/strategies/${created.id}`, headers, payload: { name: 'Renamed' } });
    await call('updateStrategy', 422, {
      url: `/api/strategies/${created.id}`,
      headers,
      payload: { settings: { sizing: { mode: 'fixed' } } },
    });
    await call('rotateStrategyUrl', 200, { url: `/api/strategies/${created.id}/rotate`, headers });

    await call('receiveAlert', 202, {
      url: webhookPath,
      headers: alertHeaders,
      payload: JSON.stringify({ ticker: 'BTCUSDT', action: 'buy', id: `paper-${dialect}` }),
    });
    // Decided by this run, or by the one the alert itself started; on a busy machine, allowed a few more.
    let positions: { id: string }[] = [];
    for (let attempt = 0; positions.length === 0 && attempt < 50; attempt += 1) {
      if (attempt > 0) await new Promise((resolve) => setTimeout(resolve, 100));
      await app.paper.run();
      positions = (await call('listPositions', 200, { url: '/api/positions', headers })).json<{
        data: { id: string }[];
      }>().data;
    }
    expect(positions).toHaveLength(1);
    await call('listPositions', 404, { url: `/api/positions?strategy=999999`, headers });
    await call('closePosition', 200, { url: `/api/positions/${positions[0]!.id}/close`, headers });
    await call('closePosition', 404, { url: `/api/positions/${positions[0]!.id}/close`, headers });
    await call('listTrades', 200, {
      url: `/api/trades?strategy=${strategies[0]!.id}&symbol=BTC&status=closed`,
      headers,
    });
    await call('listTrades', 422, { url: '/api/trades?cursor=bogus', headers });
    await call('getPerformance', 200, { url: '/api/performance', headers });
    await call('getPerformance', 422, { url: '/api/performance?from=2&to=1', headers });
    await call('getEquityCurve', 200, { url: `/api/performance/equity?strategy=${strategies[0]!.id}`, headers });
    await call('getPerformanceBreakdown', 200, { url: '/api/performance/breakdown?by=exit_reason', headers });
    await call('getPerformanceBreakdown', 422, { url: '/api/performance/breakdown?by=colour', headers });
    await call('replayStrategy', 200, { url: `/api/strategies/${strategies[0]!.id}/replay`, headers, payload: {} });
    await call('resetStrategy', 200, { url: `/api/strategies/${strategies[0]!.id}/reset`, headers });
    await call('sendTestAlert', 200, { url: `/api/strategies/${created.id}/test-alert`, headers });
    await call('getWebhookHealth', 200, { url: `/api/strategies/${created.id}/health`, headers });
    await call('getWebhookHealth', 404, { url: '/api/strategies/999999/health', headers });
    await call('deleteStrategy', 204, { url: `/api/strategies/${created.id}`, headers });
    await call('deleteStrategy', 409, { url: `/api/strategies/${strategies[0]!.id}`, headers });
  });

  it('should answer the account endpoints as documented', async () => {
    const email = `lin-${dialect}@example.com`;
    const registered = await call('register', 201, {
      payload: { name: 'Lin', email, password: PASSWORD, password_confirmation: PASSWORD },
    });
    const lin = { authorization: `Bearer ${registered.json<{ token: string }>().token}` };
    const other = await call('login', 200, { payload: { email, password: PASSWORD } });
    const otherId = other.json<{ token: string }>().token.split('|')[0]!;

    await call('updateProfile', 200, { headers: lin, payload: { name: 'Lin Wei', email } });
    await call('updateProfile', 422, {
      headers: lin,
      payload: { name: 'Lin', email: 'taken@', current_password: 'x' },
    });
    await call('listSessions', 200, { headers: lin });
    await call('signOutSession', 204, { headers: lin, url: `/api/account/sessions/${otherId}` });
    await call('signOutSession', 404, { headers: lin, url: `/api/account/sessions/${otherId}` });
    await call('signOutOtherSessions', 200, { headers: lin });
    await call('exportAccount', 422, { headers: lin, url: '/api/account/export?format=xml' });
    for (const [format, type] of [
      ['json', 'application/json'],
      ['signals.csv', 'text/csv'],
    ] as const) {
      const response = await app.inject({ method: 'GET', url: `/api/account/export?format=${format}`, headers: lin });
      expect(response.statusCode).toBe(200);
      expect(operation('exportAccount').responses[200]!.content).toHaveProperty(type);
      expect(response.headers['content-type']).toMatch(new RegExp(`^${type}`));
      expect(response.headers).toHaveProperty('content-disposition');
    }
    seen.add('exportAccount 200');
    const newPassword = 'another good passphrase';
    await call('changePassword', 200, {
      headers: lin,
      payload: { current_password: PASSWORD, password: newPassword, password_confirmation: newPassword },
    });
    await call('deleteAccount', 422, {
      headers: lin,
      payload: { email: 'someone@example.com', current_password: newPassword },
    });
    await call('deleteAccount', 204, { headers: lin, payload: { email, current_password: newPassword } });
  });

  it('should answer the notification endpoints as documented', async () => {
    const headers = signedIn();
    await call('listNotificationChannels', 200, { headers });
    const { channel } = (
      await call('createNotificationChannel', 201, {
        headers,
        payload: { name: 'Desk', kind: 'webhook', events: ['trade_closed'], url: 'http://127.0.0.1:9/hooks/desk' },
      })
    ).json<{ channel: { id: number } }>();
    await call('createNotificationChannel', 422, { headers, payload: { name: 'Desk', kind: 'pigeon', events: [] } });
    const path = `/api/notifications/channels/${channel.id}`;
    await call('updateNotificationChannel', 200, { url: path, headers, payload: { name: 'Trading desk' } });
    await call('updateNotificationChannel', 404, {
      url: '/api/notifications/channels/999999',
      headers,
      payload: { enabled: true },
    });
    // Nothing listens on port 9: the attempt fails, and the answer is still a 200 with the failure.
    await call('testNotificationChannel', 200, { url: `${path}/test`, headers });
    await call('listNotificationDeliveries', 200, { url: `${path}/deliveries`, headers });
    await call('listNotificationDeliveries', 422, { url: `${path}/deliveries?limit=0`, headers });
    await call('getNotificationPreferences', 200, { headers });
    await call('setNotificationPreferences', 200, {
      headers,
      payload: { timeZone: 'Asia/Tokyo', dailySummaryHour: 9 },
    });
    await call('setNotificationPreferences', 422, {
      headers,
      payload: { timeZone: 'Nowhere/City', dailySummaryHour: 9 },
    });
    await call('listNotifications', 200, { headers });
    await call('markNotificationsRead', 200, { headers, payload: { all: true } });
    await call('deleteNotificationChannel', 204, { url: path, headers });
    await call('deleteNotificationChannel', 404, { url: path, headers });
  });

  it('should stream candle and signal events as documented', async () => {
    const documented = operation('openStream').responses[200]!.content!['text/event-stream']!;
    const baseUrl = await app.listen({ host: '127.0.0.1', port: 0 });
    const client = await EventStreamClient.open(baseUrl, authorization);
    try {
      expect(client.response.status).toBe(200);
      expect(client.response.headers.get('content-type')).toMatch(/^text\/event-stream/);
      await client.opened();
      seen.add('openStream 200');

      const demo = new DemoSource();
      const minute = demo.minute('SOL', CANDLES_FROM, demo.startingPrice('SOL'), 30_000);
      const candles = Object.fromEntries(
        INTERVALS.map((interval) => [interval, { ...minute, time: bucketStart(minute.time, interval) }]),
      ) as Record<Interval, Candle>;
      await app.stream.publish({ event: 'candle', data: { symbol: 'SOL', candles } satisfies CandleUpdate });
      await call('receiveAlert', 202, {
        url: webhookPath,
        headers: alertHeaders,
        payload: JSON.stringify({ ticker: 'SOLUSDT', action: 'long', price: 150.25, id: 'streamed' }),
      });

      for (const name of ['candle', 'signal']) {
        const { data } = await client.waitFor((event) => event.event === name);
        expectMatches(documented.events![name]!, data, `${name} event`);
      }
      for (const { event } of client.events) expect(Object.keys(documented.events!)).toContain(event);
    } finally {
      client.close();
    }
  });

  it('should answer 401 without a token exactly where the document says sign-in is needed, before reading the input', async () => {
    const samples: Record<string, string> = { symbol: 'BTC', id: '1', token: 'A'.repeat(43) };
    for (const entry of operations) {
      // Invalid input throughout: a caller without a token learns nothing of what a route accepts.
      const url = `${entry.path.replace(/\{(\w+)\}/g, (_, name: string) => samples[name]!)}?limit=0&interval=9m`;
      const payload = entry.method === 'get' ? undefined : { tradingViewOnly: 'yes' };
      const response = await app.inject({ method: entry.method.toUpperCase() as 'GET', url, payload });
      expect(response.statusCode === 401, `${entry.operationId} answered ${response.statusCode}`).toBe(entry.auth);
      expectDocumented(entry.operationId, response);
    }
  });

  it('should have given every documented success answer', () => {
    const successes = operations.flatMap((entry) =>
      Object.keys(entry.responses)
        .filter((status) => status.startsWith('2'))
        .map((status) => `${entry.operationId} ${status}`),
    );
    expect(successes.filter((success) => !seen.has(success))).toEqual([]);
  });

  describe('given the database has gone away', () => {
    it('should answer 503 as documented', async () => {
      await testApp.database.close();
      await call('getHealth', 503);
      await call('getUser', 503, { headers: signedIn() });
    });
  });
});
