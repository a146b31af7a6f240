import { render, screen, waitFor } from '@testing-library/react';
import { createServer, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { ComponentType, ReactNode } from 'react';
import { MemoryRouter } from 'react-router-dom';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import type { InAppNotification } from '@signaldeck/server/api-types';
import { answerJson, openEventStream } from '../../test/stand-in';

/**
 * The bell's list against a stand-in server on a real socket: its stream sends a notification while the list's
 * first answer is held back, or breaks while the bell shows a count.
 */
let server: Server;
const streams: ServerResponse[] = [];
let releaseList!: () => void;
/** The list's next answer waits for this; `releaseList` sends it. */
let held = new Promise<void>((resolve) => (releaseList = resolve));
let listAsked = 0;

const item = (id: number, title: string): InAppNotification => ({
  id,
  event: 'trade_closed',
  title,
  body: '',
  link: null,
  createdAt: 1_700_000_000_000 + id,
  readAt: null,
});
let stored: InAppNotification[] = [item(1, 'Stored before')];

interface App {
  AppProvider: ComponentType<{ children: ReactNode }>;
  LiveStreamProvider: ComponentType<{ token: string; onUnauthorized: () => void; children: ReactNode }>;
  Bell: ComponentType;
  HeaderBell: ComponentType;
}
let app: App;

beforeAll(async () => {
  server = createServer((req, res) => {
    const url = new URL(req.url ?? '/', 'http://stand-in');
    const json = (status: number, body: unknown) => answerJson(res, status, body);
    if (url.pathname === '/api/stream') {
      openEventStream(res, 300);
      streams.push(res);
      return;
    }
    if (url.pathname === '/api/notifications') {
      listAsked += 1;
      // The answer is read now (without what comes later) and sent when released; the next is not held unless a test
      // holds it.
      const page = { items: [...stored], unread: stored.length, nextCursor: null };
      void held.then(() => json(200, page));
      held = Promise.resolve();
      return;
    }
    if (url.pathname === '/api/notifications/channels') return json(200, { channels: [] });
    return json(404, { message: 'Not found.' });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  vi.stubEnv('VITE_API_URL', `http://127.0.0.1:${(server.address() as AddressInfo).port}`);
  // Imported after the stand-in's address is known: the app reads its API origin once, at load.
  const [provider, context, live, api, shell] = await Promise.all([
    import('../../app/provider'),
    import('../../lib/live-stream-context'),
    import('./live-updates'),
    import('./api/notifications'),
    import('../../app/shell/notifications-bell'),
  ]);
  function Bell() {
    live.useNotificationLiveUpdates();
    const { data } = api.useLatestNotifications();
    if (!data) return <p>Loading</p>;
    return (
      <>
        <p>{data.unread} unread</p>
        <ul>
          {data.items.map((n) => (
            <li key={n.id}>{n.title}</li>
          ))}
        </ul>
      </>
    );
  }
  app = {
    AppProvider: provider.AppProvider,
    LiveStreamProvider: context.LiveStreamProvider,
    Bell,
    HeaderBell: shell.HeaderNotificationBell,
  };
}, 120_000);

afterAll(async () => {
  vi.unstubAllEnvs();
  releaseList();
  server.closeAllConnections();
  await new Promise<void>((resolve) => server.close(() => resolve()));
});

describe('given the notifications list while its first answer is on its way', () => {
  it('should show the list, with the notification that came live meanwhile', async () => {
    render(
      <app.AppProvider>
        <app.LiveStreamProvider token="1|token" onUnauthorized={() => {}}>
          <app.Bell />
        </app.LiveStreamProvider>
      </app.AppProvider>,
    );
    await waitFor(() => expect(streams).toHaveLength(1));
    await waitFor(() => expect(listAsked).toBe(1));
    screen.getByText('Loading');

    // Stored after the list was read, and sent on the stream before the list's answer arrives.
    const live = item(2, 'Came live');
    stored = [live, ...stored];
    streams[0]!.write(`event: notification\ndata: ${JSON.stringify({ ...live, unread: 2 })}\n\n`);
    // The stream's event is read before the answer is released (a few ms; the answer waits 300).
    await new Promise((resolve) => setTimeout(resolve, 300));
    releaseList();

    await waitFor(() =>
      expect(screen.getAllByRole('listitem').map((li) => li.textContent)).toEqual(['Came live', 'Stored before']),
    );
    screen.getByText('2 unread');
  });
});

describe('given the header bell showing an unread count', () => {
  describe('after the stream breaks and comes back while the fresh list is on its way', () => {
    it('should keep showing the count it had until the fresh count arrives', async () => {
      stored = [item(3, 'Stored later'), item(2, 'Came live'), item(1, 'Stored before')];
      const connected = streams.length;
      render(
        <app.AppProvider>
          <MemoryRouter>
            <app.LiveStreamProvider token="1|token" onUnauthorized={() => {}}>
              <app.HeaderBell />
            </app.LiveStreamProvider>
          </MemoryRouter>
        </app.AppProvider>,
      );
      await screen.findByRole('button', { name: 'Notifications, 3 unread' });
      await waitFor(() => expect(streams.length).toBeGreaterThan(connected));

      // Stored while the stream is down (a server restart): only the list asked again after the break tells it.
      held = new Promise<void>((resolve) => (releaseList = resolve));
      stored = [item(4, 'Missed during the break'), ...stored];
      const [asked, open] = [listAsked, streams.length];
      streams[open - 1]!.destroy();
      await waitFor(() => expect(streams.length).toBeGreaterThan(open), { timeout: 10_000 });
      await waitFor(() => expect(listAsked).toBeGreaterThan(asked));
      // The answer is held back: meanwhile the bell keeps its count.
      await new Promise((resolve) => setTimeout(resolve, 300));
      expect(screen.getByRole('button', { name: 'Notifications, 3 unread' })).toBeInTheDocument();

      releaseList();
      await screen.findByRole('button', { name: 'Notifications, 4 unread' });
    });
  });
});
