import net from 'node:net';
import type { InjectOptions } from 'fastify';
import { sql, type Kysely } from 'kysely';
import { afterEach, describe, expect, it } from 'vitest';
import type { Database } from '../../db/schema';
import { createTestApp, manualClock, type TestApp } from '../../test/app';
import { TEST_DIALECTS } from '../../test/database';
import { EventStreamClient } from '../../test/event-stream';
import { signUpTrader, TRADER_PASSWORD, type SignedInTrader } from '../../test/traders';
import { startWebhookReceiver } from '../../test/stand-ins/webhook-receiver';
import { EXPORT_PAGE_SIZE, MASKED_TOKEN } from './export';

const CHROME_ON_MAC =
  'Mozilla/5.0 (Macintosh; Intel Mac OS X 10_15_7) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36';
const SAFARI_ON_IPHONE =
  'Mozilla/5.0 (iPhone; CPU iPhone OS 17_5 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.5 Mobile/15E148 Safari/604.1';
const NEW_PASSWORD = 'a much longer passphrase';

describe.each(TEST_DIALECTS)('the Account API on %s', (dialect) => {
  let testApp: TestApp;
  const clock = manualClock(Date.UTC(2026, 10, 24, 9, 0));
  const streams: EventStreamClient[] = [];

  const start = async (env: Record<string, string> = {}) => {
    testApp = await createTestApp(dialect, { RATE_LIMIT_REGISTER_PER_MINUTE: '1000', ...env }, { clock });
  };

  afterEach(async () => {
    for (const stream of streams.splice(0)) stream.close();
    await testApp.cleanup();
  });

  const call = (authorization: string, options: InjectOptions) =>
    testApp.app.inject({ ...options, headers: { authorization, ...options.headers } });
  const login = (email: string, password: string, userAgent = CHROME_ON_MAC) =>
    testApp.app.inject({
      method: 'POST',
      url: '/api/login',
      payload: { email, password },
      headers: { 'user-agent': userAgent },
    });
  /** Another session of the same trader, signed in with `userAgent`. */
  const signInAgain = async (trader: SignedInTrader, userAgent = SAFARI_ON_IPHONE) => {
    const response = await login(trader.email, TRADER_PASSWORD, userAgent);
    expect(response.statusCode).toBe(200);
    return `Bearer ${(response.json() as { token: string }).token}`;
  };
  const userOf = (authorization: string) => call(authorization, { method: 'GET', url: '/api/user' });
  const patchProfile = (authorization: string, payload: object) =>
    call(authorization, { method: 'PATCH', url: '/api/account/profile', payload });
  const changePassword = (authorization: string, payload: object) =>
    call(authorization, { method: 'PUT', url: '/api/account/password', payload });

  describe('PATCH /api/account/profile', () => {
    it('should change the name without a password, and GET /api/user should show it', async () => {
      await start();
      const ada = await signUpTrader(testApp.app, 'Ada');
      const response = await patchProfile(ada.authorization, { name: '  Ada King ', email: ada.email });
      expect(response.statusCode).toBe(200);
      expect(response.json()).toEqual({ id: ada.id, name: 'Ada King', email: ada.email });
      expect((await userOf(ada.authorization)).json()).toMatchObject({ name: 'Ada King' });
    });

    it('should refuse a name that shows nothing, or on two lines, and keep the name it had', async () => {
      await start();
      const ada = await signUpTrader(testApp.app, 'Ada');
      const cases: [string, string][] = [
        ['\u3164', 'The name field must contain visible characters.'],
        ['\u200b\u034f', 'The name field must contain visible characters.'],
        ['Ada\u2028King', 'The name field must not contain control characters.'],
      ];
      for (const [name, message] of cases) {
        const response = await patchProfile(ada.authorization, { name, email: ada.email });
        expect(response.statusCode, JSON.stringify(name)).toBe(422);
        expect(response.json<{ errors: object }>().errors, JSON.stringify(name)).toEqual({ name: [message] });
      }
      expect((await userOf(ada.authorization)).json()).toMatchObject({ name: 'Ada' });
    });

    it('should ask for the current password to change the email, refuse a wrong one, and sign in with the new email after', async () => {
      await start();
      const ada = await signUpTrader(testApp.app, 'Ada');
      const newEmail = `ada-${dialect}@example.org`;

      const withoutPassword = await patchProfile(ada.authorization, { name: 'Ada', email: newEmail });
      expect(withoutPassword.statusCode).toBe(422);
      expect(withoutPassword.json()).toEqual({
        message: 'Enter your current password to change your email.',
        errors: { current_password: ['Enter your current password to change your email.'] },
      });
      const wrong = await patchProfile(ada.authorization, {
        name: 'Ada',
        email: newEmail,
        current_password: 'not my password',
      });
      expect(wrong.statusCode).toBe(422);
      expect(wrong.json()).toEqual({
        message: 'The current password is incorrect.',
        errors: { current_password: ['The current password is incorrect.'] },
      });
      expect((await userOf(ada.authorization)).json()).toMatchObject({ email: ada.email });

      const right = await patchProfile(ada.authorization, {
        name: 'Ada',
        email: ` ${newEmail.toUpperCase()} `,
        current_password: TRADER_PASSWORD,
      });
      expect(right.statusCode).toBe(200);
      expect(right.json()).toMatchObject({ email: newEmail });
      expect((await login(newEmail, TRADER_PASSWORD)).statusCode).toBe(200);
      expect((await login(ada.email, TRADER_PASSWORD)).statusCode).toBe(422);
    });

    it("should answer 422 on email for another account's email, and for names and emails registration refuses", async () => {
      await start();
      const ada = await signUpTrader(testApp.app, 'Ada');
      const grace = await signUpTrader(testApp.app, 'Grace');
      const taken = await patchProfile(ada.authorization, {
        name: 'Ada',
        email: grace.email.toUpperCase(),
        current_password: TRADER_PASSWORD,
      });
      expect(taken.statusCode).toBe(422);
      expect(taken.json()).toEqual({
        message: 'The email has already been taken.',
        errors: { email: ['The email has already been taken.'] },
      });

      const invalid = await patchProfile(ada.authorization, { name: ' ', email: 'not-an-email' });
      expect(invalid.statusCode).toBe(422);
      expect(invalid.json()).toMatchObject({
        errors: {
          name: ['The name field is required.'],
          email: ['The email field must be a valid email address.'],
        },
      });
      expect((await userOf(grace.authorization)).json()).toMatchObject({ email: grace.email, name: 'Grace' });
    });
  });

  describe('PUT /api/account/password', () => {
    it('should refuse a wrong current password with 422, counting it against the login limit', async () => {
      await start({ RATE_LIMIT_LOGIN_FAILURES_PER_MINUTE: '3' });
      const ada = await signUpTrader(testApp.app, 'Ada');
      const wrong = { current_password: 'guess', password: NEW_PASSWORD, password_confirmation: NEW_PASSWORD };
      for (let attempt = 0; attempt < 3; attempt += 1) {
        const response = await changePassword(ada.authorization, wrong);
        expect(response.statusCode).toBe(422);
        expect(response.json()).toMatchObject({ message: 'The current password is incorrect.' });
      }
      const limited = await changePassword(ada.authorization, { ...wrong, current_password: TRADER_PASSWORD });
      expect(limited.statusCode).toBe(429);
      expect(limited.headers['retry-after']).toBeDefined();
      // The same count as logins: signing in from this address is held back too.
      expect((await login(ada.email, TRADER_PASSWORD)).statusCode).toBe(429);

      clock.advance(61_000);
      expect((await login(ada.email, TRADER_PASSWORD)).statusCode).toBe(200);
    });

    it('should check the new password as registration does', async () => {
      await start();
      const ada = await signUpTrader(testApp.app, 'Ada');
      const response = await changePassword(ada.authorization, {
        current_password: TRADER_PASSWORD,
        password: 'short',
        password_confirmation: 'other',
      });
      expect(response.statusCode).toBe(422);
      expect(response.json()).toMatchObject({
        errors: {
          password: [
            'The password field must be at least 8 characters.',
            'The password field confirmation does not match.',
          ],
        },
      });
    });

    it('should refuse a common password as registration does, and keep the old one', async () => {
      await start();
      const ada = await signUpTrader(testApp.app, 'Ada');
      const response = await changePassword(ada.authorization, {
        current_password: TRADER_PASSWORD,
        password: 'qwertyuiop',
        password_confirmation: 'qwertyuiop',
      });
      expect(response.statusCode).toBe(422);
      expect(response.json().errors).toEqual({
        password: ['The password field is one of the most common passwords: choose another.'],
      });
      expect((await login(ada.email, TRADER_PASSWORD)).statusCode).toBe(200);
    });

    it('should sign out every other session (its stream ends at once) and keep this one; the new password signs in', async () => {
      await start();
      const url = await testApp.app.listen({ host: '127.0.0.1', port: 0 });
      const ada = await signUpTrader(testApp.app, 'Ada');
      const adaPhone = await signInAgain(ada);
      const grace = await signUpTrader(testApp.app, 'Grace');
      const phoneStream = await EventStreamClient.open(url, adaPhone);
      const graceStream = await EventStreamClient.open(url, grace.authorization);
      streams.push(phoneStream, graceStream);
      await phoneStream.opened();
      await graceStream.opened();

      const response = await changePassword(ada.authorization, {
        current_password: TRADER_PASSWORD,
        password: NEW_PASSWORD,
        password_confirmation: NEW_PASSWORD,
      });
      expect(response.statusCode).toBe(200);
      expect(response.json()).toEqual({ signedOutSessions: 1 });

      await phoneStream.ended;
      expect(graceStream.hasEnded).toBe(false);
      expect((await userOf(adaPhone)).statusCode).toBe(401);
      expect((await userOf(ada.authorization)).statusCode).toBe(200);
      expect((await userOf(grace.authorization)).statusCode).toBe(200);
      expect((await login(ada.email, TRADER_PASSWORD)).statusCode).toBe(422);
      expect((await login(ada.email, NEW_PASSWORD)).statusCode).toBe(200);
    });
  });

  describe('the sessions', () => {
    const sessionsOf = async (authorization: string) => {
      const response = await call(authorization, { method: 'GET', url: '/api/account/sessions' });
      expect(response.statusCode).toBe(200);
      return (response.json() as { data: Record<string, unknown>[] }).data;
    };

    it('should list each session with its browser, device, address and times, the current one marked', async () => {
      await start();
      const ada = await signUpTrader(testApp.app, 'Ada');
      const signedInAt = clock();
      const mac = await signInAgain(ada, CHROME_ON_MAC);
      clock.advance(5 * 60_000);
      const phone = await signInAgain(ada, SAFARI_ON_IPHONE);
      await signUpTrader(testApp.app, 'Grace');

      const sessions = await sessionsOf(mac);
      expect(sessions).toHaveLength(3);
      expect(sessions.map((session) => [session.browser, session.device, session.current])).toEqual([
        ['Safari', 'iPhone', false],
        ['Chrome', 'macOS', true],
        // Registration through inject sends no User-Agent.
        ['Unknown browser', 'Unknown device', false],
      ]);
      // Listing is a use of the Mac's session, five minutes on: its "last used" moved to now.
      expect(sessions[1]).toMatchObject({ ip: '127.0.0.1', createdAt: signedInAt, lastUsedAt: clock() });
      expect(sessions[0]!.id).toBe(phone.split(' ')[1]!.split('|')[0]);
    });

    it('should move "last used" at most once a minute', async () => {
      await start();
      const ada = await signUpTrader(testApp.app, 'Ada');
      const firstUse = clock();
      clock.advance(30_000);
      expect((await sessionsOf(ada.authorization))[0]!.lastUsedAt).toBe(firstUse);
      clock.advance(31_000);
      await userOf(ada.authorization);
      expect((await sessionsOf(ada.authorization))[0]!.lastUsedAt).toBe(firstUse + 61_000);
    });

    it("should sign out one session by id, and answer 404 for another trader's session", async () => {
      await start();
      const ada = await signUpTrader(testApp.app, 'Ada');
      const phone = await signInAgain(ada);
      const grace = await signUpTrader(testApp.app, 'Grace');
      const phoneId = (await sessionsOf(phone)).find((session) => session.current)!.id as string;
      const graceId = (await sessionsOf(grace.authorization))[0]!.id as string;

      const notHers = await call(ada.authorization, { method: 'DELETE', url: `/api/account/sessions/${graceId}` });
      expect(notHers.statusCode).toBe(404);
      expect((await userOf(grace.authorization)).statusCode).toBe(200);
      const nonsense = await call(ada.authorization, { method: 'DELETE', url: '/api/account/sessions/x1' });
      expect(nonsense.statusCode).toBe(404);

      const signedOut = await call(ada.authorization, { method: 'DELETE', url: `/api/account/sessions/${phoneId}` });
      expect(signedOut.statusCode).toBe(204);
      expect((await userOf(phone)).statusCode).toBe(401);
      expect((await userOf(ada.authorization)).statusCode).toBe(200);
    });

    it('should sign out everywhere else and keep this session', async () => {
      await start();
      const ada = await signUpTrader(testApp.app, 'Ada');
      const others = [await signInAgain(ada), await signInAgain(ada, CHROME_ON_MAC)];
      const grace = await signUpTrader(testApp.app, 'Grace');
      const response = await call(ada.authorization, { method: 'POST', url: '/api/account/sessions/sign-out-others' });
      expect(response.json()).toEqual({ signedOutSessions: 2 });
      for (const other of others) expect((await userOf(other)).statusCode).toBe(401);
      expect(await sessionsOf(ada.authorization)).toHaveLength(1);
      expect((await userOf(grace.authorization)).statusCode).toBe(200);
    });
  });

  describe('GET /api/account/export', () => {
    const post = (trader: SignedInTrader, body: object) =>
      testApp.app.inject({ method: 'POST', url: trader.webhookPath, payload: body });

    it.runIf(dialect === 'sqlite')(
      "should let an export given up while it waited its turn go, so the account's next heavy request is answered",
      async () => {
        await start();
        const url = new URL(await testApp.app.listen({ host: '127.0.0.1', port: 0 }));
        const ada = await signUpTrader(testApp.app, 'Ada');
        // About 15 MB of export: more than the sockets' buffers hold, so an export nobody reads stays unsent.
        const comment = 'x'.repeat(60_000);
        for (let index = 0; index < 240; index += 1) {
          if (index > 0 && index % 100 === 0) clock.advance(60_000);
          expect((await post(ada, { ticker: 'BTCUSD', action: 'buy', comment, id: `big-${index}` })).statusCode).toBe(
            202,
          );
        }
        const rawExport = () => {
          const socket = net.connect(Number(url.port), url.hostname);
          socket.write(`GET /api/account/export HTTP/1.1\r\nhost: x\r\nauthorization: ${ada.authorization}\r\n\r\n`);
          socket.pause();
          return socket;
        };
        const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
        const holder = rawExport(); // holds the turn: it reads nothing
        await sleep(500);
        const givenUp = rawExport(); // waits behind it, then its download is given up
        await sleep(300);
        givenUp.destroy();
        await sleep(300);
        holder.destroy();
        const performance = await fetch(`${url.origin}/api/performance`, {
          headers: { authorization: ada.authorization },
          signal: AbortSignal.timeout(10_000),
        });
        expect(performance.status).toBe(200);
      },
      60_000,
    );

    it("should download one JSON file with the trader's profile, strategies (token masked), signals, outcomes, trades and positions, and nobody else's", async () => {
      await start();
      const ada = await signUpTrader(testApp.app, 'Ada');
      const grace = await signUpTrader(testApp.app, 'Grace');
      expect(
        (await post(ada, { ticker: 'BTCUSD', action: 'buy', price: 65000, comment: 'ada-alert' })).statusCode,
      ).toBe(202);
      expect((await post(grace, { ticker: 'ETHUSD', action: 'sell', comment: 'grace-alert' })).statusCode).toBe(202);

      const response = await call(ada.authorization, { method: 'GET', url: '/api/account/export' });
      expect(response.statusCode).toBe(200);
      expect(response.headers['content-type']).toMatch(/^application\/json/);
      expect(response.headers['content-disposition']).toBe('attachment; filename="signaldeck-export-2026-11-24.json"');
      expect(response.body).not.toContain(ada.webhookToken);
      expect(response.body).not.toContain('argon2');
      expect(response.body).not.toContain('grace-alert');
      const exported = response.json() as Record<string, unknown[]> & { profile: object };
      expect(exported.profile).toMatchObject({ id: ada.id, name: 'Ada', email: ada.email });
      expect(exported.strategies).toEqual([
        expect.objectContaining({ name: 'Default', webhookToken: MASKED_TOKEN, settings: expect.any(Object) }),
      ]);
      expect(exported.signals).toEqual([
        expect.objectContaining({ ticker: 'BTC', action: 'buy', comment: 'ada-alert', raw: expect.any(String) }),
      ]);
      for (const key of ['outcomes', 'trades', 'positions']) expect(Array.isArray(exported[key])).toBe(true);
    });

    it("should export the trader's notification channels masked, preferences, in-app notifications and delivery log, and nobody else's", async () => {
      const receiver = await startWebhookReceiver();
      try {
        await start({ NOTIFICATIONS_ALLOWED_HOSTS: '127.0.0.1' });
        const ada = await signUpTrader(testApp.app, 'Ada');
        const grace = await signUpTrader(testApp.app, 'Grace');
        const addChannel = (trader: SignedInTrader, name: string) =>
          call(trader.authorization, {
            method: 'POST',
            url: '/api/notifications/channels',
            payload: { name, kind: 'webhook', events: ['trade_closed', 'exit_hit'], url: receiver.url },
          });
        const added = await addChannel(ada, 'Desk');
        expect(added.statusCode, added.body).toBe(201);
        const { channel, signingSecret } = added.json<{
          channel: { id: number; target: string };
          signingSecret: string;
        }>();
        expect((await addChannel(grace, 'Grace desk')).statusCode).toBe(201);
        const test = await call(ada.authorization, {
          method: 'POST',
          url: `/api/notifications/channels/${channel.id}/test`,
        });
        expect(test.json<{ delivery: { state: string } }>().delivery.state).toBe('delivered');
        const preferences = await call(ada.authorization, {
          method: 'PUT',
          url: '/api/notifications/preferences',
          payload: { timeZone: 'Europe/Paris', dailySummaryHour: 7 },
        });
        expect(preferences.statusCode).toBe(200);
        for (const [userId, title] of [
          [ada.id, 'Signal rejected for Ada'],
          [grace.id, 'Signal rejected for Grace'],
        ] as const) {
          await testApp.database.db
            .insertInto('notifications')
            .values({
              user_id: userId,
              event_key: `rejected:${userId}`,
              event: 'signal_rejected',
              title,
              body: 'hold BTCUSD',
              link: '/signals?selected=1',
              created_at: clock(),
              read_at: null,
            })
            .execute();
        }

        const response = await call(ada.authorization, { method: 'GET', url: '/api/account/export' });
        expect(response.statusCode).toBe(200);
        expect(response.body).not.toContain(receiver.url);
        expect(response.body).not.toContain('/hooks/signaldeck');
        expect(response.body).not.toContain(signingSecret);
        expect(response.body).not.toContain(signingSecret.slice('whsec_'.length));
        expect(response.body).not.toContain('Grace');
        const exported = response.json<Record<string, unknown>>();
        expect(exported.notificationChannels).toEqual([
          {
            id: channel.id,
            name: 'Desk',
            kind: 'webhook',
            target: channel.target,
            events: ['trade_closed', 'exit_hit'],
            enabled: true,
            createdAt: clock(),
          },
        ]);
        expect(exported.notificationPreferences).toEqual({ timeZone: 'Europe/Paris', dailySummaryHour: 7 });
        expect(exported.notifications).toEqual([
          {
            id: expect.any(Number),
            event: 'signal_rejected',
            title: 'Signal rejected for Ada',
            body: 'hold BTCUSD',
            link: '/signals?selected=1',
            createdAt: clock(),
            readAt: null,
          },
        ]);
        expect(exported.notificationDeliveries).toEqual([
          {
            channelId: channel.id,
            id: expect.any(Number),
            messageId: expect.stringMatching(/^msg_/),
            event: 'test',
            title: 'Test notification from SignalDeck: Desk',
            state: 'delivered',
            attempts: 1,
            responseCode: 204,
            error: null,
            createdAt: clock(),
            lastAttemptAt: clock(),
            nextAttemptAt: null,
            durationMs: expect.any(Number),
          },
        ]);

        // A trader who never set preferences gets the defaults the planner uses.
        const graceExport = await call(grace.authorization, { method: 'GET', url: '/api/account/export' });
        expect(graceExport.json()).toMatchObject({
          notificationPreferences: { timeZone: 'UTC', dailySummaryHour: 8 },
          notificationDeliveries: [],
          notifications: [expect.objectContaining({ title: 'Signal rejected for Grace' })],
        });
      } finally {
        await receiver.close();
      }
    });

    it('should page through more signals than one query reads, and write CSV cells that start with = + - @ as text', async () => {
      await start();
      const ada = await signUpTrader(testApp.app, 'Ada');
      const { id: strategyId } = await testApp.database.db
        .selectFrom('strategies')
        .select('id')
        .where('user_id', '=', ada.id)
        .executeTakeFirstOrThrow();
      const count = EXPORT_PAGE_SIZE * 2 + 7;
      const rows = Array.from({ length: count }, (_, index) => ({
        user_id: ada.id,
        strategy_id: strategyId,
        ticker: 'BTC',
        action: 'buy',
        received_at: clock() + index,
        body_hash: `hash-${index}`,
        status: 'accepted' as const,
        raw: '{}',
        comment: index === 0 ? '=HYPERLINK("http://evil.example","click")' : index === 1 ? '-2+3' : `plain ${index}`,
      }));
      for (let from = 0; from < rows.length; from += 200) {
        await testApp.database.db
          .insertInto('signals')
          .values(rows.slice(from, from + 200))
          .execute();
      }

      const json = await call(ada.authorization, { method: 'GET', url: '/api/account/export?format=json' });
      expect((json.json() as { signals: unknown[] }).signals).toHaveLength(count);

      const csv = await call(ada.authorization, { method: 'GET', url: '/api/account/export?format=signals.csv' });
      expect(csv.headers['content-type']).toMatch(/^text\/csv/);
      expect(csv.headers['content-disposition']).toBe(
        'attachment; filename="signaldeck-export-2026-11-24.signals.csv"',
      );
      const lines = csv.body.trimEnd().split('\r\n');
      expect(lines).toHaveLength(count + 1);
      expect(lines[0]).toMatch(/^id,received_at,alert_time,strategy_id,ticker,action,/);
      expect(lines[1]).toContain(`,"'=HYPERLINK(""http://evil.example"",""click"")",`);
      expect(lines[2]).toContain(",'-2+3,");

      const trades = await call(ada.authorization, { method: 'GET', url: '/api/account/export?format=trades.csv' });
      expect(trades.body).toMatch(/^id,strategy_id,symbol,side,status,/);
      const bad = await call(ada.authorization, { method: 'GET', url: '/api/account/export?format=xml' });
      expect(bad.statusCode).toBe(422);
    });
  });

  describe('POST /api/account/delete', () => {
    const remove = (authorization: string, payload: object) =>
      call(authorization, { method: 'POST', url: '/api/account/delete', payload });

    it('should refuse a mistyped email or a wrong password and keep the account', async () => {
      await start();
      const ada = await signUpTrader(testApp.app, 'Ada');
      const mistyped = await remove(ada.authorization, {
        email: 'someone@example.com',
        current_password: TRADER_PASSWORD,
      });
      expect(mistyped.statusCode).toBe(422);
      expect(mistyped.json()).toMatchObject({
        errors: { email: ['Type the email of this account exactly to confirm.'] },
      });
      const wrong = await remove(ada.authorization, { email: ada.email, current_password: 'nope' });
      expect(wrong.statusCode).toBe(422);
      expect(wrong.json()).toMatchObject({ errors: { current_password: ['The current password is incorrect.'] } });
      expect((await userOf(ada.authorization)).statusCode).toBe(200);
    });

    it('should delete the account, end every session and its streams, and refuse its login after', async () => {
      await start();
      const url = await testApp.app.listen({ host: '127.0.0.1', port: 0 });
      const ada = await signUpTrader(testApp.app, 'Ada');
      const phone = await signInAgain(ada);
      const grace = await signUpTrader(testApp.app, 'Grace');
      const phoneStream = await EventStreamClient.open(url, phone);
      streams.push(phoneStream);
      await phoneStream.opened();

      const response = await remove(ada.authorization, {
        email: ` ${ada.email.toUpperCase()}`,
        current_password: TRADER_PASSWORD,
      });
      expect(response.statusCode).toBe(204);
      await phoneStream.ended;
      expect((await userOf(ada.authorization)).statusCode).toBe(401);
      expect((await userOf(phone)).statusCode).toBe(401);
      expect((await login(ada.email, TRADER_PASSWORD)).statusCode).toBe(422);
      expect(
        (await testApp.app.inject({ method: 'POST', url: ada.webhookPath, payload: { ticker: 'BTC' } })).statusCode,
      ).toBe(404);
      expect((await userOf(grace.authorization)).statusCode).toBe(200);
    });

    if (dialect === 'postgres') {
      /**
       * In a transaction opened on `connection`, holds the trader's user row, asks for their account's deletion
       * and waits until the deletion waits for that row; `deleted`, the deletion's answer once the hold ends (in an
       * object, so that awaiting this does not wait for it).
       */
      const deletionWaitingBehind = async (connection: Kysely<Database>, trader: SignedInTrader) => {
        await sql`begin`.execute(connection);
        await sql`select id from users where id = ${trader.id} for update`.execute(connection);
        const {
          rows: [holder],
        } = await sql<{ pid: number }>`select pg_backend_pid() as pid`.execute(connection);
        const deleted = remove(trader.authorization, { email: trader.email, current_password: TRADER_PASSWORD });
        await expect
          .poll(
            async () =>
              (
                await sql<{ waiting: number }>`
                  select count(*)::int as waiting from pg_stat_activity
                  where ${holder!.pid} = any(pg_blocking_pids(pid))
                `.execute(testApp.database.db)
              ).rows[0]!.waiting,
            { timeout: 10_000 },
          )
          .toBe(1);
        return { deleted };
      };

      it("should stop the account's webhooks before deleting its rows: an alert sent meanwhile is refused at once", async () => {
        await start();
        const ada = await signUpTrader(testApp.app, 'Ada');
        await testApp.database.db.connection().execute(async (connection) => {
          // The deletion's transaction waits at its last step, behind this hold on Ada's user row.
          const { deleted } = await deletionWaitingBehind(connection, ada);
          // Before, the alert's insert waited for the deletion (and, beside a stream of them, deadlocked with it).
          const posted = await testApp.app.inject({
            method: 'POST',
            url: ada.webhookPath,
            payload: { ticker: 'BTCUSD', action: 'buy', id: 'during-deletion' },
          });
          expect(posted.statusCode).toBe(404);
          await sql`commit`.execute(connection);
          expect((await deleted).statusCode).toBe(204);
        });
        expect((await userOf(ada.authorization)).statusCode).toBe(401);
      });

      it('should delete the account when PostgreSQL aborts its transaction for a deadlock, by running it again', async () => {
        await start();
        const ada = await signUpTrader(testApp.app, 'Ada');
        const posted = await testApp.app.inject({
          method: 'POST',
          url: ada.webhookPath,
          payload: { ticker: 'BTCUSD', action: 'buy', id: 'deadlock-1' },
        });
        expect(posted.statusCode).toBe(202);
        // Another transaction holds Ada's user row, then, once the deletion waits for it, writes to the signal the
        // deletion has deleted: each waits for the other, and PostgreSQL aborts the deletion, which waited first.
        await testApp.database.db.connection().execute(async (connection) => {
          const { deleted } = await deletionWaitingBehind(connection, ada);
          const touched = await sql`update signals set comment = 'held' where user_id = ${ada.id}`.execute(connection);
          // This transaction was not the one aborted: the deletion was, and it ran again behind this commit.
          expect(Number(touched.numAffectedRows)).toBe(1);
          await sql`commit`.execute(connection);
          expect((await deleted).statusCode).toBe(204);
        });
        expect((await userOf(ada.authorization)).statusCode).toBe(401);
        const left = await testApp.database.db
          .selectFrom('signals')
          .select((eb) => eb.fn.countAll<number>().as('rows'))
          .where('user_id', '=', ada.id)
          .executeTakeFirstOrThrow();
        expect(Number(left.rows)).toBe(0);
      });
    }
  });

  it('should answer 401 on every Account route without a token', async () => {
    await start();
    for (const [method, url] of [
      ['PATCH', '/api/account/profile'],
      ['PUT', '/api/account/password'],
      ['GET', '/api/account/sessions'],
      ['DELETE', '/api/account/sessions/1'],
      ['POST', '/api/account/sessions/sign-out-others'],
      ['GET', '/api/account/export'],
      ['POST', '/api/account/delete'],
    ] as const) {
      expect((await testApp.app.inject({ method, url })).statusCode, `${method} ${url}`).toBe(401);
    }
  });
});
