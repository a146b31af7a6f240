import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
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

async function addChannel(name = 'Team hook', url = 'http://127.0.0.1:9/hooks/abcdefghijklmnopqrstuvwxyz') {
  const res = await api.serverFetch('/api/notifications/channels', {
    method: 'POST',
    headers: { authorization: `Bearer ${trader.token}`, 'content-type': 'application/json' },
    body: JSON.stringify({ name, kind: 'webhook', events: ['trade_closed', 'signal_rejected'], url }),
  });
  expect(res.status).toBe(201);
}

/** A rejected alert on the trader's webhook: a `signal_rejected` notification for every channel that wants it. */
async function postRejectedAlert() {
  const auth = { authorization: `Bearer ${trader.token}` };
  const { url } = (await (await api.serverFetch('/api/webhook', { headers: auth })).json()) as { url: string };
  const posted = await api.serverFetch(new URL(url).pathname, {
    method: 'POST',
    headers: { 'content-type': 'text/plain' },
    body: 'not an alert',
  });
  expect(posted.ok).toBe(true);
}

describe('given a channel whose receiver answers HTTP 500', () => {
  let receiver: Server;
  beforeEach(async () => {
    receiver = createServer((request, response) => {
      request.resume();
      request.on('end', () => response.writeHead(500, { 'content-type': 'text/plain' }).end('down'));
    });
    await new Promise<void>((resolve) => receiver.listen(0, '127.0.0.1', resolve));
  });
  afterEach(async () => {
    receiver.closeAllConnections();
    await new Promise((resolve) => receiver.close(resolve));
  });

  it('should show the message in the open delivery log as it is sent, and say it is being retried, not failed', async () => {
    const { port } = receiver.address() as AddressInfo;
    await addChannel('Flaky hook', `http://127.0.0.1:${port}/hook`);
    const { user } = await openPage('/settings/notifications');
    const card = await screen.findByRole('article', { name: 'Flaky hook' });
    expect(card).toHaveTextContent('Nothing sent yet');
    await user.click(within(card).getByRole('button', { name: 'Delivery log' }));
    const log = await within(card).findByRole('table', { name: 'Delivery log of Flaky hook' });
    await within(log).findByText('Nothing sent yet');

    await postRejectedAlert();

    // No reload and no click: the stream's event and the open log's poll bring it.
    const row = await within(log).findByText(/rejected/i, {}, { timeout: 20_000 });
    await waitFor(() => expect(row.closest('tr')).toHaveTextContent('Retrying'), { timeout: 20_000 });
    await waitFor(() => expect(card).toHaveTextContent(/Last deliveryRetrying \(HTTP 500\), next attempt \d\d:\d\d/), {
      timeout: 20_000,
    });
    expect(card).not.toHaveTextContent(/Failed/);
  });
});

describe('given a channel', () => {
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

describe('given two channels', () => {
  it('should move focus to the next card after a removal, and to Add channel when none is left', async () => {
    await addChannel('First hook');
    await addChannel('Second hook');
    const { user } = await openPage('/settings/notifications');
    const first = await screen.findByRole('article', { name: 'First hook' });
    await user.click(within(first).getByRole('button', { name: 'Remove' }));
    await user.click(within(first).getByRole('button', { name: 'Remove channel' }));
    await waitFor(() => expect(screen.getByRole('heading', { name: 'Second hook' })).toHaveFocus());
    expect(screen.queryByRole('article', { name: 'First hook' })).not.toBeInTheDocument();

    const second = screen.getByRole('article', { name: 'Second hook' });
    await user.click(within(second).getByRole('button', { name: 'Remove' }));
    await user.click(within(second).getByRole('button', { name: 'Remove channel' }));
    await waitFor(() => expect(screen.getByRole('heading', { name: 'Add channel' })).toHaveFocus());
    expect(screen.getByText('No channels yet')).toBeInTheDocument();
  });
});

describe('given a channel to edit', () => {
  it('should save a new name and events, show a server error once under its field, and give focus back', async () => {
    await addChannel();
    const { user } = await openPage('/settings/notifications');
    const card = await screen.findByRole('article', { name: 'Team hook' });
    const edit = within(card).getByRole('button', { name: 'Edit' });
    await user.click(edit);
    const form = within(card).getByRole('form', { name: 'Edit Team hook' });
    const name = within(form).getByLabelText('Name');
    expect(name).toHaveFocus();
    expect(name).toBeRequired();
    expect(form).toHaveTextContent('To send somewhere else, remove this channel and add a new one.');

    // Empty: checked here, one message.
    await user.clear(name);
    await user.click(within(form).getByRole('button', { name: 'Save' }));
    expect(name).toHaveAttribute('aria-invalid', 'true');
    expect(name).toHaveAccessibleDescription('Give the channel a name.');
    expect(within(form).getAllByText('Give the channel a name.')).toHaveLength(1);

    // Too long: the server's 422, under the field only.
    await user.type(name, 'x'.repeat(61));
    await user.click(within(form).getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(name).toHaveAccessibleDescription(/60/));
    const message = name.getAttribute('aria-describedby')!;
    const text = document.getElementById(message)!.textContent!;
    expect(within(form).getAllByText(text)).toHaveLength(1);
    expect(within(form).getByRole('alert')).toBeEmptyDOMElement();

    await user.clear(name);
    await user.type(name, 'Desk hook');
    await user.click(within(form).getByRole('checkbox', { name: 'Daily summary' }));
    await user.click(within(form).getByRole('button', { name: 'Save' }));
    const renamed = await screen.findByRole('article', { name: 'Desk hook' });
    await waitFor(() => expect(within(renamed).getByRole('button', { name: 'Edit' })).toHaveFocus());
    expect(within(renamed).queryByRole('form')).not.toBeInTheDocument();
    expect(renamed).toHaveTextContent('Daily summary');
    const list = (await (
      await api.serverFetch('/api/notifications/channels', { headers: { authorization: `Bearer ${trader.token}` } })
    ).json()) as { channels: { name: string; events: string[] }[] };
    expect(list.channels.map((channel) => [channel.name, channel.events.includes('daily_summary')])).toEqual([
      ['Desk hook', true],
    ]);
  });

  it('should close with Cancel, keeping the channel as it was', async () => {
    await addChannel();
    const { user } = await openPage('/settings/notifications');
    const card = await screen.findByRole('article', { name: 'Team hook' });
    await user.click(within(card).getByRole('button', { name: 'Edit' }));
    await user.type(within(card).getByLabelText('Name'), ' changed');
    await user.click(within(card).getByRole('button', { name: 'Cancel' }));
    expect(within(card).queryByRole('form')).not.toBeInTheDocument();
    expect(within(card).getByRole('button', { name: 'Edit' })).toHaveFocus();
    expect(screen.getByRole('heading', { name: 'Team hook' })).toBeInTheDocument();
  });
});

describe('given the Add channel form', () => {
  it('should ask for a name before sending, with one message, and show the server’s error once', async () => {
    const { user } = await openPage('/settings/notifications');
    const form = await screen.findByRole('form', { name: 'Add channel' });
    const name = within(form).getByLabelText('Name');
    expect(name).toBeRequired();
    await user.type(within(form).getByLabelText('URL'), 'http://127.0.0.1:9/hook');
    await user.click(within(form).getByRole('button', { name: 'Add channel' }));
    expect(name).toHaveAttribute('aria-invalid', 'true');
    expect(name).toHaveFocus();
    expect(within(form).getAllByText('Give the channel a name.')).toHaveLength(1);
    expect(screen.getByText('No channels yet')).toBeInTheDocument();

    await user.type(name, 'y'.repeat(61));
    await user.click(within(form).getByRole('button', { name: 'Add channel' }));
    await waitFor(() => expect(name).toHaveAccessibleDescription(/60/));
    const text = document.getElementById(name.getAttribute('aria-describedby')!.split(' ')[0]!)!.textContent!;
    expect(within(form).getAllByText(text)).toHaveLength(1);
    expect(within(form).getByRole('alert')).toBeEmptyDOMElement();
  });

  it('should show a new webhook’s signing secret inside its card, titled with its name', async () => {
    const { user } = await openPage('/settings/notifications');
    const form = await screen.findByRole('form', { name: 'Add channel' });
    await user.type(within(form).getByLabelText('Name'), 'Signed hook');
    await user.type(within(form).getByLabelText('URL'), 'http://127.0.0.1:9/hook');
    await user.click(within(form).getByRole('button', { name: 'Add channel' }));
    const card = await screen.findByRole('article', { name: 'Signed hook' });
    const secret = within(card).getByRole('region', { name: 'Signing secret of Signed hook' });
    expect(secret).toHaveFocus();
    expect(within(secret).getByText(/^whsec_/)).toBeInTheDocument();
    await user.click(within(secret).getByRole('button', { name: 'I have saved it' }));
    expect(within(card).queryByRole('region', { name: /Signing secret/ })).not.toBeInTheDocument();
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
