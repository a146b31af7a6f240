import type { InjectOptions } from 'fastify';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, manualClock, type TestApp } from '../../test/app';
import { TEST_DIALECTS } from '../../test/database';
import { signUpTrader, type SignedInTrader } from '../../test/traders';
import { startWebhookReceiver, type WebhookReceiver } from '../../test/stand-ins/webhook-receiver';

const DISCORD_PATH = '/api/webhooks/123456789012345678/abcdefghijklmnopqrstuvwxyz0123456789';
const SLACK_PATH = '/services/T0001ABCD/B0002EFGH/abcdefghijklmnopqrstuvwx';

describe.each(TEST_DIALECTS)('the notifications API on %s', (dialect) => {
  let testApp: TestApp;
  let receiver: WebhookReceiver;
  const clock = manualClock(Date.UTC(2026, 10, 24, 9, 0));

  beforeAll(async () => {
    receiver = await startWebhookReceiver();
  });
  afterAll(async () => {
    await receiver.close();
  });

  const start = async (env: Record<string, string> = {}) => {
    testApp = await createTestApp(
      dialect,
      { RATE_LIMIT_REGISTER_PER_MINUTE: '1000', NOTIFICATIONS_ALLOWED_HOSTS: '127.0.0.1', ...env },
      { clock },
    );
  };
  afterEach(async () => {
    await testApp.cleanup();
  });

  const call = (trader: SignedInTrader, options: InjectOptions) =>
    testApp.app.inject({ ...options, headers: { ...trader.headers, ...options.headers } });
  const create = (trader: SignedInTrader, payload: object) =>
    call(trader, { method: 'POST', url: '/api/notifications/channels', payload });
  const webhook = (name = 'Desk') => ({ name, kind: 'webhook', events: ['trade_closed'], url: receiver.url });

  it('should add a webhook channel, show its signing secret once, and list it masked', async () => {
    await start();
    const ada = await signUpTrader(testApp.app, 'Ada');
    const created = await create(ada, { ...webhook(), events: ['trade_closed', 'trade_closed', 'exit_hit'] });
    expect(created.statusCode, created.body).toBe(201);
    const body = created.json<{ channel: { id: number; target: string; events: string[] }; signingSecret: string }>();
    expect(body.signingSecret).toMatch(/^whsec_[A-Za-z0-9+/]{32}$/);
    expect(body.channel).toMatchObject({
      name: 'Desk',
      kind: 'webhook',
      target: `http://127.0.0.1:${receiver.port}/…`,
      events: ['trade_closed', 'exit_hit'],
      enabled: true,
      disabledReason: null,
      consecutiveFailures: 0,
      lastDelivery: null,
      createdAt: clock(),
    });
    const list = await call(ada, { method: 'GET', url: '/api/notifications/channels' });
    expect(list.statusCode).toBe(200);
    expect(list.body).not.toContain(body.signingSecret);
    expect(list.body).not.toContain('signaldeck');
    expect(list.json()).toEqual({
      channels: [expect.objectContaining({ id: body.channel.id, target: body.channel.target })],
      availableKinds: ['webhook', 'discord', 'slack', 'telegram'],
      maxChannels: 10,
    });
    // Nothing of the destination is stored in the clear.
    const row = await testApp.database.db
      .selectFrom('notification_channels')
      .select('destination_ciphertext')
      .executeTakeFirstOrThrow();
    expect(row.destination_ciphertext).not.toContain('127.0.0.1');
    expect(row.destination_ciphertext).not.toContain(body.signingSecret.slice(6));
  });

  it('should mask Discord, Slack and Telegram destinations, and offer email only with SMTP_URL', async () => {
    await start({ SMTP_URL: 'smtp://127.0.0.1:2525' });
    const ada = await signUpTrader(testApp.app, 'Ada');
    const discord = await create(ada, {
      name: 'Discord',
      kind: 'discord',
      events: ['exit_hit'],
      url: `http://127.0.0.1:${receiver.port}${DISCORD_PATH}`,
    });
    expect(discord.statusCode, discord.body).toBe(201);
    expect(discord.json()).toMatchObject({ channel: { target: 'Discord #…5678' }, signingSecret: null });
    const slack = await create(ada, {
      name: 'Slack',
      kind: 'slack',
      events: ['exit_hit'],
      url: `http://127.0.0.1:${receiver.port}${SLACK_PATH}`,
    });
    expect(slack.statusCode, slack.body).toBe(201);
    expect(slack.json()).toMatchObject({ channel: { target: 'Slack …/T0001ABCD/B0002EFGH/••••' } });
    const telegram = await create(ada, {
      name: 'Telegram',
      kind: 'telegram',
      events: ['exit_hit'],
      botToken: '123456789:AAHdqTcvCH1vGWJxfSeofSAs0K5PALDsaw',
      chatId: '-100123456',
    });
    expect(telegram.statusCode, telegram.body).toBe(201);
    expect(telegram.json()).toMatchObject({ channel: { target: 'Telegram chat -100123456' } });
    const email = await create(ada, {
      name: 'Mail',
      kind: 'email',
      events: ['daily_summary'],
      email: 'Ada@Example.com',
    });
    expect(email.statusCode, email.body).toBe(201);
    expect(email.json()).toMatchObject({ channel: { target: 'ada@example.com' } });
    const list = await call(ada, { method: 'GET', url: '/api/notifications/channels' });
    expect(list.json<{ availableKinds: string[] }>().availableKinds).toEqual([
      'webhook',
      'discord',
      'slack',
      'telegram',
      'email',
    ]);
    expect(list.body).not.toContain('AAHdqTcvCH1vGWJxfSeofSAs0K5PALDsaw');
    expect(list.body).not.toContain('abcdefghijklmnopqrstuvwxyz0123456789');
  });

  it('should refuse bad fields with 422 and say which', async () => {
    await start();
    const ada = await signUpTrader(testApp.app, 'Ada');
    const cases: [object, string][] = [
      [{ ...webhook(), name: '' }, 'name'],
      [{ ...webhook(), kind: 'pigeon' }, 'kind'],
      [{ ...webhook(), events: ['everything'] }, 'events.0'],
      [{ ...webhook(), url: undefined }, 'url'],
      [{ ...webhook(), url: 'ftp://example.com/x' }, 'url'],
      [{ name: 'D', kind: 'discord', events: [], url: 'https://example.com/api/webhooks/1/2' }, 'url'],
      [{ name: 'T', kind: 'telegram', events: [], chatId: '1' }, 'botToken'],
      [{ name: 'E', kind: 'email', events: [], email: 'ada@example.com' }, 'kind'],
    ];
    for (const [payload, field] of cases) {
      const response = await create(ada, payload);
      expect(response.statusCode, JSON.stringify(payload)).toBe(422);
      expect(Object.keys(response.json<{ errors: object }>().errors), JSON.stringify(payload)).toContain(field);
    }
    const list = await call(ada, { method: 'GET', url: '/api/notifications/channels' });
    expect(list.json<{ channels: unknown[] }>().channels).toEqual([]);
  });

  it('should refuse a destination on a private or metadata address that the operator did not allow, naming it', async () => {
    await start({ NOTIFICATIONS_ALLOWED_HOSTS: '' });
    const ada = await signUpTrader(testApp.app, 'Ada');
    for (const address of ['127.0.0.1', '10.0.0.5', '169.254.169.254']) {
      const response = await create(ada, { ...webhook(), url: `https://${address}/hook` });
      expect(response.statusCode, response.body).toBe(422);
      expect(response.json<{ errors: { url: string[] } }>().errors.url[0]).toContain(address);
    }
  });

  it("should answer 404 for another trader's channel on every route, and leave it untouched", async () => {
    await start();
    const ada = await signUpTrader(testApp.app, 'Ada');
    const grace = await signUpTrader(testApp.app, 'Grace');
    const { channel } = (await create(ada, webhook())).json<{ channel: { id: number } }>();
    const path = `/api/notifications/channels/${channel.id}`;
    const attempts: InjectOptions[] = [
      { method: 'PATCH', url: path, payload: { name: 'Mine now' } },
      { method: 'DELETE', url: path },
      { method: 'POST', url: `${path}/test` },
      { method: 'GET', url: `${path}/deliveries` },
      { method: 'PATCH', url: '/api/notifications/channels/99999', payload: { name: 'x' } },
      { method: 'DELETE', url: '/api/notifications/channels/abc' },
    ];
    for (const options of attempts) {
      const response = await call(grace, options);
      expect(response.statusCode, `${options.method} ${options.url}`).toBe(404);
    }
    expect((await call(grace, { method: 'GET', url: '/api/notifications/channels' })).json()).toMatchObject({
      channels: [],
    });
    expect(receiver.requests.filter((request) => request.url === '/hooks/signaldeck')).toHaveLength(0);
    const mine = (await call(ada, { method: 'GET', url: '/api/notifications/channels' })).json<{
      channels: { name: string }[];
    }>();
    expect(mine.channels.map((item) => item.name)).toEqual(['Desk']);
  });

  it('should cap channels at 10 per trader with a 409', async () => {
    await start();
    const ada = await signUpTrader(testApp.app, 'Ada');
    for (let index = 0; index < 10; index += 1) {
      expect((await create(ada, webhook(`Desk ${index}`))).statusCode).toBe(201);
    }
    const eleventh = await create(ada, webhook('One more'));
    expect(eleventh.statusCode).toBe(409);
    expect(eleventh.json<{ message: string }>().message).toContain('10 channels');
    const grace = await signUpTrader(testApp.app, 'Grace');
    expect((await create(grace, webhook())).statusCode).toBe(201);
  });

  it('should rename, change events, disable and enable a channel, and delete it', async () => {
    await start();
    const ada = await signUpTrader(testApp.app, 'Ada');
    const { channel } = (await create(ada, webhook())).json<{ channel: { id: number } }>();
    const path = `/api/notifications/channels/${channel.id}`;
    const patched = await call(ada, {
      method: 'PATCH',
      url: path,
      payload: { name: 'Alerts', events: ['signal_rejected'], enabled: false },
    });
    expect(patched.statusCode, patched.body).toBe(200);
    expect(patched.json()).toMatchObject({ channel: { name: 'Alerts', events: ['signal_rejected'], enabled: false } });
    await testApp.database.db
      .updateTable('notification_channels')
      .set({ consecutive_failures: 5, disabled_reason: 'Disabled after 5 permanent failures (HTTP 404)' })
      .execute();
    const enabled = await call(ada, { method: 'PATCH', url: path, payload: { enabled: true } });
    expect(enabled.json()).toMatchObject({ channel: { enabled: true, consecutiveFailures: 0, disabledReason: null } });
    expect((await call(ada, { method: 'PATCH', url: path, payload: { events: ['nope'] } })).statusCode).toBe(422);
    expect((await call(ada, { method: 'DELETE', url: path })).statusCode).toBe(204);
    expect((await call(ada, { method: 'DELETE', url: path })).statusCode).toBe(404);
  });

  it('should send a test through the outbox, log it, report a failure as 200, and allow 5 tests a minute', async () => {
    await start();
    const ada = await signUpTrader(testApp.app, 'Ada');
    const { channel, signingSecret } = (await create(ada, webhook())).json<{
      channel: { id: number };
      signingSecret: string;
    }>();
    const before = receiver.requests.length;
    const test = () => call(ada, { method: 'POST', url: `/api/notifications/channels/${channel.id}/test` });
    const first = await test();
    expect(first.statusCode, first.body).toBe(200);
    const delivery = first.json<{ delivery: { messageId: string } }>().delivery;
    expect(delivery).toMatchObject({
      event: 'test',
      state: 'delivered',
      attempts: 1,
      responseCode: 204,
      error: null,
      nextAttemptAt: null,
    });
    const request = receiver.requests[before]!;
    expect(request.headers['webhook-id']).toBe(delivery.messageId);
    expect(receiver.verify(request, signingSecret)).toEqual({ valid: true });
    expect(request.body).not.toContain(signingSecret);

    receiver.behave({ answer: { status: 404 } });
    const failed = await test();
    expect(failed.statusCode).toBe(200);
    expect(failed.json()).toMatchObject({ delivery: { state: 'failed', responseCode: 404, attempts: 1 } });
    receiver.behave({});

    for (let index = 0; index < 3; index += 1) expect((await test()).statusCode).toBe(200);
    const limited = await test();
    expect(limited.statusCode).toBe(429);
    expect(limited.headers['retry-after']).toBeDefined();
    clock.advance(61_000);
    expect((await test()).statusCode).toBe(200);

    const log = await call(ada, {
      method: 'GET',
      url: `/api/notifications/channels/${channel.id}/deliveries?limit=4`,
    });
    expect(log.statusCode).toBe(200);
    const page = log.json<{ items: { id: number; state: string }[]; nextCursor: string }>();
    expect(page.items).toHaveLength(4);
    expect(page.items[0]!.id).toBeGreaterThan(page.items[1]!.id);
    const rest = await call(ada, {
      method: 'GET',
      url: `/api/notifications/channels/${channel.id}/deliveries?cursor=${page.nextCursor}`,
    });
    expect(rest.json<{ items: { state: string }[]; nextCursor: null }>()).toMatchObject({ nextCursor: null });
    expect(rest.json<{ items: { state: string }[] }>().items.map((item) => item.state)).toEqual([
      'failed',
      'delivered',
    ]);
    const list = await call(ada, { method: 'GET', url: '/api/notifications/channels' });
    expect(list.json()).toMatchObject({ channels: [{ lastDelivery: { ok: true, status: 204 } }] });
  });

  it('should keep preferences per trader and refuse an unknown time zone', async () => {
    await start();
    const ada = await signUpTrader(testApp.app, 'Ada');
    const grace = await signUpTrader(testApp.app, 'Grace');
    const url = '/api/notifications/preferences';
    expect((await call(ada, { method: 'GET', url })).json()).toEqual({ timeZone: 'UTC', dailySummaryHour: 8 });
    const set = await call(ada, { method: 'PUT', url, payload: { timeZone: 'Europe/Paris', dailySummaryHour: 7 } });
    expect(set.statusCode).toBe(200);
    expect(set.json()).toEqual({ timeZone: 'Europe/Paris', dailySummaryHour: 7 });
    const bad = await call(ada, { method: 'PUT', url, payload: { timeZone: 'Mars/Olympus', dailySummaryHour: 24 } });
    expect(bad.statusCode).toBe(422);
    expect(Object.keys(bad.json<{ errors: object }>().errors).sort()).toEqual(['dailySummaryHour', 'timeZone']);
    const half = await call(ada, { method: 'PUT', url, payload: { timeZone: 'UTC', dailySummaryHour: 8.5 } });
    expect(half.json<{ errors: object }>().errors).toEqual({
      dailySummaryHour: ['The dailySummaryHour field must be a whole number.'],
    });
    expect((await call(ada, { method: 'GET', url })).json()).toEqual({ timeZone: 'Europe/Paris', dailySummaryHour: 7 });
    expect((await call(grace, { method: 'GET', url })).json()).toEqual({ timeZone: 'UTC', dailySummaryHour: 8 });
  });

  it("should list a trader's own in-app notifications newest first and mark them read", async () => {
    await start();
    const ada = await signUpTrader(testApp.app, 'Ada');
    const grace = await signUpTrader(testApp.app, 'Grace');
    const db = testApp.database.db;
    for (const [userId, key] of [
      [ada.id, 'a'],
      [ada.id, 'b'],
      [ada.id, 'c'],
      [grace.id, 'd'],
    ] as const) {
      await db
        .insertInto('notifications')
        .values({
          user_id: userId,
          event_key: key,
          event: 'signal_rejected',
          title: `Signal rejected ${key}`,
          body: '',
          link: '/signals?selected=1',
          created_at: clock(),
          read_at: null,
        })
        .execute();
    }
    const page = await call(ada, { method: 'GET', url: '/api/notifications?limit=2' });
    const body = page.json<{ items: { id: number; title: string }[]; unread: number; nextCursor: string }>();
    expect(body.items.map((item) => item.title)).toEqual(['Signal rejected c', 'Signal rejected b']);
    expect(body.unread).toBe(3);
    const next = await call(ada, { method: 'GET', url: `/api/notifications?cursor=${body.nextCursor}` });
    expect(next.json<{ items: { title: string }[] }>().items.map((item) => item.title)).toEqual(['Signal rejected a']);
    const graceIds = (await call(grace, { method: 'GET', url: '/api/notifications' })).json<{
      items: { id: number }[];
    }>().items;
    const read = await call(ada, {
      method: 'POST',
      url: '/api/notifications/read',
      payload: { ids: [body.items[0]!.id, graceIds[0]!.id] },
    });
    expect(read.json()).toEqual({ unread: 2 });
    expect((await call(grace, { method: 'GET', url: '/api/notifications' })).json()).toMatchObject({ unread: 1 });
    expect(
      (await call(ada, { method: 'POST', url: '/api/notifications/read', payload: { all: true } })).json(),
    ).toEqual({ unread: 0 });
    expect((await call(ada, { method: 'POST', url: '/api/notifications/read', payload: { ids: [] } })).statusCode).toBe(
      422,
    );
  });

  it('should refuse a bad mark-read body with 422 naming the field, and leave every notification unread', async () => {
    await start();
    const ada = await signUpTrader(testApp.app, 'Ada');
    await testApp.database.db
      .insertInto('notifications')
      .values({
        user_id: ada.id,
        event_key: 'a',
        event: 'signal_rejected',
        title: 'Signal rejected',
        body: '',
        link: null,
        created_at: clock(),
        read_at: null,
      })
      .execute();
    const markRead = (payload: unknown) =>
      call(ada, {
        method: 'POST',
        url: '/api/notifications/read',
        headers: { 'content-type': 'application/json' },
        payload: JSON.stringify(payload),
      });
    const cases: [unknown, string, string][] = [
      [{}, 'ids', 'Send ids (the notifications to mark read) or all: true.'],
      [{ all: false }, 'all', 'The all field must be true (or send ids instead).'],
      [{ ids: [] }, 'ids', 'The ids field must list at least one item.'],
      [{ ids: 'all' }, 'ids', 'The ids field must be of type array.'],
      [{ ids: [0] }, 'ids.0', 'The ids item must be greater than 0.'],
      [{ ids: [1, 'x'] }, 'ids.1', 'The ids item must be a number.'],
      [{ ids: [1.5] }, 'ids.0', 'The ids item must be a whole number.'],
      [{ ids: [1], all: true }, 'all', 'Send either ids or all, not both.'],
      [null, 'ids', 'Send ids (the notifications to mark read) or all: true.'],
    ];
    for (const [payload, field, message] of cases) {
      const response = await markRead(payload);
      expect(response.statusCode, JSON.stringify(payload)).toBe(422);
      const body = response.json<{ message: string; errors: Record<string, string[]> }>();
      expect(body.errors, JSON.stringify(payload)).toEqual({ [field]: [message] });
      expect(body.message).toBe(message);
    }
    const unknown = await markRead({ every: true });
    expect(unknown.statusCode).toBe(422);
    expect(unknown.json<{ errors: object }>().errors).toEqual({
      every: ['every is not a field of this request (fields: ids, all).'],
      ids: ['Send ids (the notifications to mark read) or all: true.'],
    });
    expect((await call(ada, { method: 'GET', url: '/api/notifications' })).json()).toMatchObject({ unread: 1 });
  });

  it("should name a list's field, not the item's index, in the message about a bad item", async () => {
    await start();
    const ada = await signUpTrader(testApp.app, 'Ada');
    const response = await create(ada, { ...webhook(), events: ['trade_closed', 'test'] });
    expect(response.statusCode).toBe(422);
    expect(response.json()).toEqual({
      message: 'The selected events item is invalid.',
      errors: { 'events.1': ['The selected events item is invalid.'] },
    });
  });

  it("should refuse a change to a channel's kind, destination or owner, and an empty change, with 422", async () => {
    await start();
    const ada = await signUpTrader(testApp.app, 'Ada');
    const { channel } = (await create(ada, webhook())).json<{ channel: { id: number; target: string } }>();
    const path = `/api/notifications/channels/${channel.id}`;
    const patch = (payload: string) =>
      call(ada, { method: 'PATCH', url: path, headers: { 'content-type': 'application/json' }, payload });
    for (const key of ['url', 'kind', 'botToken', 'chatId', 'email']) {
      const response = await patch(JSON.stringify({ name: 'Renamed', [key]: 'https://example.com/elsewhere' }));
      expect(response.statusCode, key).toBe(422);
      expect(response.json<{ errors: object }>().errors).toEqual({
        [key]: [`${key} cannot be changed: remove the channel and add it again.`],
      });
    }
    const owner = await patch(JSON.stringify({ enabled: false, userId: 1 }));
    expect(owner.statusCode).toBe(422);
    expect(owner.json<{ errors: object }>().errors).toEqual({
      userId: ['userId is not a field of this request (fields: name, events, enabled).'],
    });
    for (const payload of ['{}', 'null']) {
      const response = await patch(payload);
      expect(response.statusCode, payload).toBe(422);
      expect(response.json(), payload).toEqual({
        message: 'Send the fields to change: name, events or enabled.',
        errors: { body: ['Send the fields to change: name, events or enabled.'] },
      });
    }
    const list = await call(ada, { method: 'GET', url: '/api/notifications/channels' });
    expect(list.json()).toMatchObject({
      channels: [{ name: 'Desk', kind: 'webhook', target: channel.target, enabled: true }],
    });
  });

  it('should refuse channel names that show nothing or turn text around, on create and on change', async () => {
    await start();
    const ada = await signUpTrader(testApp.app, 'Ada');
    const { channel } = (await create(ada, webhook())).json<{ channel: { id: number } }>();
    const cases: [string, string][] = [
      ['\u200b', 'The name field must contain visible characters.'],
      [' \u200b\u200d\ufeff ', 'The name field must contain visible characters.'],
      ['\u2060\u00ad', 'The name field must contain visible characters.'],
      ['Desk \u202egnidart', 'The name field must not contain text-direction controls.'],
      ['\u2066Desk\u2069', 'The name field must not contain text-direction controls.'],
      ['Desk\u202a', 'The name field must not contain text-direction controls.'],
    ];
    for (const [name, message] of cases) {
      const created = await create(ada, { ...webhook(), name });
      expect(created.statusCode, JSON.stringify(name)).toBe(422);
      expect(created.json<{ errors: object }>().errors, JSON.stringify(name)).toEqual({ name: [message] });
      const changed = await call(ada, {
        method: 'PATCH',
        url: `/api/notifications/channels/${channel.id}`,
        payload: { name },
      });
      expect(changed.statusCode, JSON.stringify(name)).toBe(422);
      expect(changed.json<{ errors: object }>().errors, JSON.stringify(name)).toEqual({ name: [message] });
    }
    // A name with something visible besides a joiner is still a name (emoji sequences use them).
    const emoji = await create(ada, { ...webhook(), name: 'Desk \u{1F468}\u200d\u{1F4BB}' });
    expect(emoji.statusCode, emoji.body).toBe(201);
    const list = await call(ada, { method: 'GET', url: '/api/notifications/channels' });
    expect(list.json<{ channels: { name: string }[] }>().channels.map((item) => item.name)).toEqual([
      'Desk',
      'Desk \u{1F468}\u200d\u{1F4BB}',
    ]);
  });
});
