import { render, screen, waitFor } from '@testing-library/react';
import { createServer, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { ComponentType, ReactNode } from 'react';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import type { InAppNotification } from '@signaldeck/server/api-types';
import { answerJson, openEventStream } from '../../test/stand-in';

/**
 * The bell's list against a stand-in server on a real socket: its stream sends a notification while the list's
 * first answer is held back.
 */
let server: Server;
const streams: ServerResponse[] = [];
let releaseList!: () => void;
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
}
let app: App;

beforeAll(async () => {
  let held = new Promise<void>((resolve) => (releaseList = resolve));
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
      // The first answer is read now (without what comes later) and sent when released.
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
  const [provider, context, live, api] = await Promise.all([
    import('../../app/provider'),
    import('../../lib/live-stream-context'),
    import('./live-updates'),
    import('./api/notifications'),
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
  app = { AppProvider: provider.AppProvider, LiveStreamProvider: context.LiveStreamProvider, Bell };
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
