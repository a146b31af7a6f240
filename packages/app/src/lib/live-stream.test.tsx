import { act, render, screen, waitFor } from '@testing-library/react';
import { createServer, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { ComponentType, ReactNode } from 'react';
import { MemoryRouter } from 'react-router-dom';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import type * as AuthStore from '../features/auth/store';
import { answerJson, openEventStream } from '../test/stand-in';

/**
 * The live stream as a trader meets it: the real provider, the header's connection indicator and the
 * signals page, against a stand-in server on a real socket whose stream can be dropped, refused,
 * silenced or answered 401.
 */
type StreamMode = 'ok' | 'refuse' | 'unauthorized' | 'silent';

let server: Server;
let mode: StreamMode = 'ok';
let retryHintMs = 300;
let signals: { id: string; strategy: string }[] = [];
let open: ServerResponse[] = [];
let attempts: number[] = [];
/** When the stand-in last wrote to a stream. */
let lastWriteAt = 0;

function signal(id: string, strategy: string) {
  return {
    id,
    ticker: 'BTC',
    action: 'buy',
    price: 84_000,
    quantity: null,
    interval: '1m',
    strategy,
    comment: null,
    status: 'accepted',
    reason: null,
    alertTime: null,
    receivedAt: 1_700_000_000_000 + Number(id),
  };
}

interface App {
  AppProvider: ComponentType<{ children: ReactNode }>;
  LiveStreamProvider: ComponentType<{ token: string; onUnauthorized: () => void; children: ReactNode }>;
  ConnectionIndicator: ComponentType;
  SignalsRoute: ComponentType;
  store: typeof AuthStore;
}
let app: App;

beforeAll(async () => {
  server = createServer((req, res) => {
    const url = new URL(req.url ?? '/', 'http://stand-in');
    const json = (status: number, body: unknown) => answerJson(res, status, body);
    if (url.pathname === '/api/stream') {
      attempts.push(Date.now());
      if (mode === 'refuse') return json(503, { message: 'Service unavailable' });
      if (mode === 'unauthorized') return json(401, { message: 'Unauthenticated.' });
      openEventStream(res, retryHintMs);
      lastWriteAt = Date.now();
      open.push(res);
      if (mode === 'ok') {
        const beat = setInterval(() => res.write(': heartbeat\n\n'), 1_000);
        res.on('close', () => clearInterval(beat));
      }
      return;
    }
    if (url.pathname === '/api/signals')
      return json(200, { data: signals.map((s) => signal(s.id, s.strategy)), next_cursor: null });
    if (url.pathname.startsWith('/api/markets/')) return json(200, { symbol: 'BTC', interval: '1m', candles: [] });
    return json(404, { message: 'Not found.' });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  vi.stubEnv('VITE_API_URL', `http://127.0.0.1:${(server.address() as AddressInfo).port}`);
  // Imported after the stand-in's address is known: the app reads its API origin once, at load.
  const [provider, context, indicator, route, store] = await Promise.all([
    import('../app/provider'),
    import('./live-stream-context'),
    import('../app/shell/connection-indicator'),
    import('../app/routes/signals'),
    import('../features/auth/store'),
  ]);
  app = {
    AppProvider: provider.AppProvider,
    LiveStreamProvider: context.LiveStreamProvider,
    ConnectionIndicator: indicator.ConnectionIndicator,
    SignalsRoute: route.SignalsRoute,
    store,
  };
  // Loading the page and the kit from source takes a while on a busy machine.
}, 120_000);

afterEach(() => {
  for (const res of open) res.destroy();
  open = [];
  attempts = [];
  mode = 'ok';
  retryHintMs = 300;
});

afterAll(async () => {
  vi.unstubAllEnvs();
  await new Promise<void>((resolve) => server.close(() => resolve()));
});

function renderSignalsPage() {
  const { AppProvider, LiveStreamProvider, ConnectionIndicator, SignalsRoute, store } = app;
  store.setSession({ id: 1, name: 'Ada Lovelace', email: 'ada@example.com' }, '1|token');
  return render(
    <AppProvider>
      <MemoryRouter initialEntries={['/signals']}>
        <LiveStreamProvider token="1|token" onUnauthorized={store.clearAuth}>
          <ConnectionIndicator />
          <SignalsRoute />
        </LiveStreamProvider>
      </MemoryRouter>
    </AppProvider>,
  );
}

const indicator = () =>
  screen.getAllByRole('status').find((element) => element.dataset.slot === 'connection-indicator')!;

describe('given the live stream behind the signals page', () => {
  describe('after the connection drops and the server refuses for a while', () => {
    it('should say Reconnecting, then Offline, then Live again with what it missed', { timeout: 45_000 }, async () => {
      signals = [{ id: '1', strategy: 'Before the break' }];
      const view = renderSignalsPage();
      await waitFor(() => expect(indicator()).toHaveTextContent('Live'), { timeout: 10_000 });
      // jsdom lays nothing out, so the virtualised rows stay unrendered: the table's count says what it holds.
      await screen.findByText('1 signal');

      mode = 'refuse';
      signals = [{ id: '2', strategy: 'Missed during the break' }, ...signals];
      act(() => open.forEach((res) => res.destroy()));
      await waitFor(() => expect(indicator()).toHaveTextContent('Reconnecting…'), { interval: 10 });
      await waitFor(() => expect(indicator()).toHaveTextContent('Offline'), { timeout: 10_000 });
      expect(screen.getByText('1 signal')).toBeInTheDocument();

      mode = 'ok';
      await waitFor(() => expect(indicator()).toHaveTextContent('Live'), { timeout: 15_000 });
      expect(await screen.findByText('2 signals')).toBeInTheDocument();
      view.unmount();
    });
  });

  describe('after repeated refusals', () => {
    it('should wait longer before each new attempt', { timeout: 30_000 }, async () => {
      retryHintMs = 100;
      const view = renderSignalsPage();
      await waitFor(() => expect(indicator()).toHaveTextContent('Live'), { timeout: 10_000 });
      mode = 'refuse';
      attempts = [];
      act(() => open.forEach((res) => res.destroy()));
      await waitFor(() => expect(attempts.length).toBeGreaterThanOrEqual(5), { timeout: 15_000 });
      const gaps = attempts.slice(1).map((at, index) => at - attempts[index]!);
      // Each delay is drawn from [base / 2, base] and the base doubles: no delay is shorter than the one before.
      for (let index = 1; index < gaps.length; index++)
        expect(gaps[index]!).toBeGreaterThanOrEqual(gaps[index - 1]! - 15);
      expect(gaps.at(-1)!).toBeGreaterThanOrEqual(2 * gaps[0]!);
      view.unmount();
    });
  });

  describe('when the stream answers 401', () => {
    it('should clear the signed-in state and say Offline', { timeout: 30_000 }, async () => {
      mode = 'unauthorized';
      const view = renderSignalsPage();
      await waitFor(() => expect(app.store.authState.token).toBeNull(), { timeout: 10_000 });
      expect(app.store.authState.user).toBeNull();
      expect(indicator()).toHaveTextContent('Offline');
      view.unmount();
    });
  });

  describe('when the stream falls silent (no heartbeat) without closing', () => {
    it('should stop saying Live within 5 s', { timeout: 30_000 }, async () => {
      mode = 'silent';
      const view = renderSignalsPage();
      await waitFor(() => expect(indicator()).toHaveTextContent('Live'), { timeout: 10_000 });
      await waitFor(() => expect(indicator()).not.toHaveTextContent('Live'), { timeout: 6_000, interval: 50 });
      expect(Date.now() - lastWriteAt).toBeLessThan(5_000);
      view.unmount();
    });
  });
});
