import { configure, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createMemoryRouter, RouterProvider } from 'react-router-dom';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { authState, clearAuth, setSession } from '../../features/auth/store';
import type { NotificationDelivery } from '@signaldeck/server/api-types';
import { registerTrader, useApiServer } from '../../test/api-server';
import { AppProvider } from '../provider';
import { routes } from '../router';
import { testResultText } from './notification-settings';

// A trader registered on the real server (Argon2) and a lazily loaded page: slower than a unit test.
vi.setConfig({ testTimeout: 60_000 });
configure({ asyncUtilTimeout: 15_000 });

let api: ReturnType<typeof useApiServer>;
let trader: Awaited<ReturnType<typeof registerTrader>>;

beforeEach(async () => {
  api = useApiServer();
  trader = await registerTrader(api.origin, 'Ida Notified');
  setSession(trader.user, trader.token);
});

afterEach(() => {
  clearAuth();
  authState.loggedOut = false;
  authState.notice = null;
});

async function openPage(path: string, heading = 'Notifications') {
  const user = userEvent.setup();
  const router = createMemoryRouter(routes, { initialEntries: [path] });
  render(
    <AppProvider>
      <RouterProvider router={router} />
    </AppProvider>,
  );
  await screen.findByRole('heading', { name: heading, level: 1 });
  return { user, router };
}

describe('given Settings > Notifications on a server without SMTP_URL', () => {
  it('should say there are no channels yet, and offer every kind but email, saying why', async () => {
    await openPage('/settings/notifications');
    expect(await screen.findByText('No channels yet')).toBeInTheDocument();
    const form = screen.getByRole('form', { name: 'Add channel' });
    const kinds = within(within(form).getByLabelText('Kind'))
      .getAllByRole('option')
      .map((option) => option.textContent);
    expect(kinds).toEqual(['Generic webhook', 'Discord', 'Slack', 'Telegram']);
    expect(within(form).getByText(/Email is not offered/)).toHaveTextContent('SMTP_URL');
  });

  it('should ask Telegram for a bot token and a chat id, with how to get them, and show each field’s error', async () => {
    const { user } = await openPage('/settings/notifications');
    const form = await screen.findByRole('form', { name: 'Add channel' });
    await user.type(within(form).getByLabelText('Name'), 'My phone');
    await user.selectOptions(within(form).getByLabelText('Kind'), 'telegram');
    expect(within(form).queryByLabelText('URL')).not.toBeInTheDocument();
    expect(within(form).getByRole('list', { name: 'How to connect Telegram' })).toHaveTextContent('@BotFather');
    const token = within(form).getByLabelText('Bot token');
    await user.type(token, 'not a token');
    await user.type(within(form).getByLabelText('Chat id'), '123456789');
    await user.click(within(form).getByRole('button', { name: 'Add channel' }));

    await waitFor(() => expect(token).toHaveAttribute('aria-invalid', 'true'));
    expect(token).toHaveAccessibleDescription(/.+/);
    // What was typed stays, and nothing was added.
    expect(token).toHaveValue('not a token');
    expect(screen.getByText('No channels yet')).toBeInTheDocument();
  });

  it('should save the time zone and the daily summary hour', async () => {
    const { user } = await openPage('/settings/notifications');
    const form = await screen.findByRole('form', { name: 'Notification preferences' });
    await user.selectOptions(within(form).getByLabelText('Time zone'), 'Europe/Paris');
    await user.selectOptions(within(form).getByLabelText('Daily summary at'), '18');
    await user.click(within(form).getByRole('button', { name: 'Save preferences' }));
    expect(await within(form).findByText('Preferences saved.')).toBeInTheDocument();
    const saved = await api.serverFetch('/api/notifications/preferences', {
      headers: { authorization: `Bearer ${trader.token}` },
    });
    expect(await saved.json()).toEqual({ timeZone: 'Europe/Paris', dailySummaryHour: 18 });
  });
});

describe('given a channel', () => {
  async function addChannel() {
    const res = await api.serverFetch('/api/notifications/channels', {
      method: 'POST',
      headers: { authorization: `Bearer ${trader.token}`, 'content-type': 'application/json' },
      body: JSON.stringify({
        name: 'Team hook',
        kind: 'webhook',
        events: ['trade_closed'],
        url: 'http://127.0.0.1:9/hooks/abcdefghijklmnopqrstuvwxyz',
      }),
    });
    expect(res.status).toBe(201);
  }

  it('should turn it off with its switch, as the server then says', async () => {
    await addChannel();
    const { user } = await openPage('/settings/notifications');
    const card = await screen.findByRole('article', { name: 'Team hook' });
    expect(card).toHaveTextContent('Generic webhook');
    expect(card).not.toHaveTextContent('abcdefghijklmnopqrstuvwxyz');
    const toggle = within(card).getByRole('switch', { name: 'Send to Team hook' });
    expect(toggle).toHaveAttribute('aria-checked', 'true');
    await user.click(toggle);
    await waitFor(() => expect(toggle).toHaveAttribute('aria-checked', 'false'));
    const list = (await (
      await api.serverFetch('/api/notifications/channels', { headers: { authorization: `Bearer ${trader.token}` } })
    ).json()) as { channels: { enabled: boolean }[] };
    expect(list.channels.map((channel) => channel.enabled)).toEqual([false]);
  });

  it('should move focus into the removal confirmation and back to Remove when it is kept', async () => {
    await addChannel();
    const { user } = await openPage('/settings/notifications');
    const card = await screen.findByRole('article', { name: 'Team hook' });
    await user.click(within(card).getByRole('button', { name: 'Remove' }));
    expect(within(card).getByRole('button', { name: 'Keep it' })).toHaveFocus();
    await user.keyboard('{Enter}');
    expect(within(card).getByRole('button', { name: 'Remove' })).toHaveFocus();
  });
});

describe('given the notifications page of a new trader', () => {
  it('should say there are none yet, with Mark all as read disabled and a way to the channels', async () => {
    await openPage('/account/notifications');
    expect(await screen.findByText('No notifications yet')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Mark all as read' })).toBeDisabled();
    expect(screen.getAllByRole('link', { name: /Settings > Notifications|Channels/ })[0]).toHaveAttribute(
      'href',
      '/settings/notifications',
    );
  });
});

describe('given a rejected alert in the trader’s feed', () => {
  it('should list it unread on the notifications page and mark it read', async () => {
    const auth = { authorization: `Bearer ${trader.token}` };
    const { url } = (await (await api.serverFetch('/api/webhook', { headers: auth })).json()) as { url: string };
    const posted = await api.serverFetch(new URL(url).pathname, {
      method: 'POST',
      headers: { 'content-type': 'text/plain' },
      body: 'not an alert',
    });
    expect(posted.ok).toBe(true);
    const unread = async () =>
      ((await (await api.serverFetch('/api/notifications', { headers: auth })).json()) as { unread: number }).unread;
    await waitFor(async () => expect(await unread()).toBe(1));

    const { user } = await openPage('/account/notifications');
    const list = await screen.findByRole('list', { name: 'Notifications' });
    const item = within(list).getAllByRole('listitem')[0]!;
    expect(item).toHaveTextContent(/^Unread: /);
    expect(screen.getByText('1 unread')).toBeInTheDocument();
    await user.click(within(item).getByRole('button', { name: /^Mark as read: / }));
    await waitFor(() => expect(within(item).queryByRole('button')).not.toBeInTheDocument());
    expect(item).not.toHaveTextContent(/^Unread: /);
    expect(await unread()).toBe(0);
    expect(screen.getByText('All read')).toBeInTheDocument();
  });
});

describe('testResultText', () => {
  const base: NotificationDelivery = {
    id: 1,
    messageId: 'msg_1',
    event: 'test',
    title: 'Test',
    state: 'delivered',
    attempts: 1,
    responseCode: 200,
    error: null,
    createdAt: 0,
    lastAttemptAt: 0,
    nextAttemptAt: null,
    durationMs: 84,
  };

  it('should word a delivered test with its code and time, and a failed one with the answer', () => {
    expect(testResultText(base)).toBe('Delivered (HTTP 200, 84 ms)');
    expect(testResultText({ ...base, state: 'failed', responseCode: 404, error: null })).toBe('Failed: HTTP 404');
    expect(testResultText({ ...base, state: 'retrying', responseCode: null, error: 'timed out' })).toBe(
      'Retrying: timed out',
    );
  });
});
