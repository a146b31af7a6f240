import { configure, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createMemoryRouter, RouterProvider } from 'react-router-dom';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { authState, clearAuth, setSession } from '../../features/auth/store';
import { registerTrader, traderWebhook, useApiServer } from '../../test/api-server';
import { AppProvider } from '../provider';
import { routes } from '../router';

// A trader registered on the real server (Argon2) and a lazily loaded page: slower than a unit test.
vi.setConfig({ testTimeout: 60_000 });
configure({ asyncUtilTimeout: 15_000 });

let api: ReturnType<typeof useApiServer>;
let token: string;

beforeEach(async () => {
  api = useApiServer();
  const trader = await registerTrader(api.origin, 'Grace Hopper');
  token = trader.token;
  setSession(trader.user, trader.token);
});

afterEach(() => {
  clearAuth();
  authState.loggedOut = false;
  authState.notice = null;
});

/** Settings > Strategy of a new trader (one Default strategy), in the app's real routes and providers. */
async function openStrategySettings() {
  const user = userEvent.setup();
  render(
    <AppProvider>
      <RouterProvider router={createMemoryRouter(routes, { initialEntries: ['/settings/strategy'] })} />
    </AppProvider>,
  );
  await screen.findByRole('form', { name: 'Settings of Default' });
  return user;
}

const actionButton = (name: string) => screen.getByRole('button', { name });

describe('given Settings > Strategy', () => {
  describe('after the trader opens the "Reset account" confirmation', () => {
    it('should focus its confirm button, then close on Escape and give the focus back to "Reset account…"', async () => {
      const user = await openStrategySettings();
      await user.click(actionButton('Reset account…'));
      const confirmation = screen.getByRole('alertdialog', { name: 'Reset account?' });
      await waitFor(() => expect(within(confirmation).getByRole('button', { name: 'Reset account' })).toHaveFocus());

      await user.keyboard('{Escape}');
      expect(screen.queryByRole('alertdialog')).not.toBeInTheDocument();
      await waitFor(() => expect(actionButton('Reset account…')).toHaveFocus());
    });
  });

  describe('after the trader opens "Replay" while "Reset account" is open', () => {
    it('should show only the Replay confirmation, which Escape closes back to "Replay…"', async () => {
      const user = await openStrategySettings();
      await user.click(actionButton('Reset account…'));
      expect(screen.getByRole('alertdialog', { name: 'Reset account?' })).toBeInTheDocument();

      await user.click(actionButton('Replay…'));
      expect(screen.getAllByRole('alertdialog')).toHaveLength(1);
      const replay = screen.getByRole('alertdialog', { name: 'Replay?' });
      expect(screen.queryByRole('alertdialog', { name: 'Reset account?' })).not.toBeInTheDocument();
      expect(actionButton('Reset account…')).toBeInTheDocument();
      await waitFor(() => expect(within(replay).getByRole('button', { name: 'Replay signals' })).toHaveFocus());

      await user.keyboard('{Escape}');
      expect(screen.queryByRole('alertdialog')).not.toBeInTheDocument();
      await waitFor(() => expect(actionButton('Replay…')).toHaveFocus());
    });
  });

  describe('after the trader cancels a confirmation', () => {
    it('should give the focus back to the button that opened it, and leave the account as it was', async () => {
      const user = await openStrategySettings();
      await user.click(actionButton('Rotate URL…'));
      const rotate = screen.getByRole('alertdialog', { name: 'Rotate URL?' });
      await user.click(within(rotate).getByRole('button', { name: 'Cancel' }));
      expect(screen.queryByRole('alertdialog')).not.toBeInTheDocument();
      await waitFor(() => expect(actionButton('Rotate URL…')).toHaveFocus());
      expect(api.calls.filter((call) => call.method === 'POST').map((call) => new URL(call.url).pathname)).toEqual([]);
    });
  });
});

describe('given the fill price of a strategy', () => {
  it('should name the market fill for the candle close it uses, and say where each price comes from', async () => {
    const user = await openStrategySettings();
    const fill = screen.getByRole('combobox', { name: 'Fill price' });
    expect(
      within(fill)
        .getAllByRole('option')
        .map((option) => option.textContent),
    ).toEqual(['Market (last 1m close)', 'The alert’s price', 'Open of the next 1m candle']);
    expect(fill).toHaveDisplayValue('Market (last 1m close)');
    expect(fill).toHaveAccessibleDescription('The close of the latest finished 1m candle when the alert arrives.');
    await user.selectOptions(fill, 'next_open');
    expect(fill).toHaveAccessibleDescription('The open of the first 1m candle after the alert arrives.');
  });
});

describe('given the TradingView only switch of a strategy', () => {
  it('should save it on the strategy, and then say why a test alert is refused', async () => {
    const user = await openStrategySettings();
    const toggle = screen.getByRole('checkbox', { name: 'TradingView only' });
    expect(toggle).not.toBeChecked();
    expect(toggle).toHaveAccessibleDescription(/TRUST_PROXY/);

    await user.click(toggle);
    await waitFor(() => expect(screen.getByRole('checkbox', { name: 'TradingView only' })).toBeChecked());

    await user.click(screen.getByRole('button', { name: 'Send test alert' }));
    const result = await screen.findByTestId('test-alert-result');
    expect(result).toHaveTextContent('The URL answered 403. Nothing was stored.');
    expect(result).toHaveTextContent(
      'TradingView only is on, and this test is sent by SignalDeck itself, not from TradingView’s addresses',
    );
    // The refusal is counted next to the URL.
    await waitFor(() =>
      expect(screen.getByTestId('refused-requests')).toHaveTextContent('1 × not from TradingView (403)'),
    );
  });
});

describe('given a strategy name the trader already uses', () => {
  const TAKEN = 'You already have a strategy named "Scalper 5m".';

  /** Creates "Scalper 5m" from the New strategy form and waits for its settings to show. */
  async function createScalper(user: ReturnType<typeof userEvent.setup>) {
    await user.type(screen.getByRole('textbox', { name: 'New strategy name' }), 'Scalper 5m');
    await user.click(screen.getByRole('button', { name: 'Create strategy' }));
    await screen.findByRole('form', { name: 'Settings of Scalper 5m' });
  }

  it('should say so under the new strategy name, keep what was typed, and create nothing', async () => {
    const user = await openStrategySettings();
    await createScalper(user);
    const name = screen.getByRole('textbox', { name: 'New strategy name' });
    expect(name).toHaveValue('');

    await user.type(name, 'scalper 5M ');
    await user.click(screen.getByRole('button', { name: 'Create strategy' }));
    await waitFor(() => expect(name).toHaveAccessibleDescription(TAKEN));
    expect(name).toHaveAttribute('aria-invalid', 'true');
    expect(name).toHaveValue('scalper 5M ');
    expect(screen.getAllByRole('form', { name: /^Settings of / })).toHaveLength(2);
  });

  it("should say so under the Name field of a strategy renamed to another's name, and keep the name typed", async () => {
    const user = await openStrategySettings();
    await createScalper(user);
    const settings = screen.getByRole('form', { name: 'Settings of Default' });
    const name = within(settings).getByRole('textbox', { name: 'Name' });
    await user.clear(name);
    await user.type(name, 'SCALPER 5m');
    await user.click(within(settings).getByRole('button', { name: 'Save settings' }));

    await waitFor(() => expect(name).toHaveAccessibleDescription(TAKEN));
    expect(name).toHaveAttribute('aria-invalid', 'true');
    expect(name).toHaveValue('SCALPER 5m');
    expect(screen.getByRole('form', { name: 'Settings of Default' })).toBeInTheDocument();
  });
});

describe('after the trader creates a strategy', () => {
  it('should say it was created and where, bring its card into view and focus its heading', async () => {
    const user = await openStrategySettings();
    const scrolled = vi.spyOn(Element.prototype, 'scrollIntoView');
    await user.type(screen.getByRole('textbox', { name: 'New strategy name' }), 'Breakout 1h');
    await user.click(screen.getByRole('button', { name: 'Create strategy' }));

    const heading = await screen.findByRole('heading', { level: 2, name: 'Breakout 1h' });
    await waitFor(() => expect(heading).toHaveFocus());
    expect(scrolled.mock.contexts).toContain(heading);
    expect(
      screen.getByText('Strategy “Breakout 1h” created, below, with its own URL and paper account.'),
    ).toHaveAttribute('role', 'status');
    // The Default strategy's card, there before, neither moved nor took the focus.
    // Its heading says in words that it is the default one, not "Default Default" (its name, then its badge).
    expect(screen.getByRole('heading', { level: 2, name: 'Default (the default strategy)' })).not.toHaveAttribute(
      'tabindex',
    );
    scrolled.mockRestore();
  });
});

describe('given a new strategy name as long as the server takes (64 characters)', () => {
  it('should take all of it, and no more, and create the strategy with it', async () => {
    const user = await openStrategySettings();
    const longest = 'Trend following BTC 4h, long and short, trailing stop 2.5%, v12b';
    const name = screen.getByRole('textbox', { name: 'New strategy name' });
    await user.type(name, `${longest}overflow`);
    expect(name).toHaveValue(longest);
    await user.click(screen.getByRole('button', { name: 'Create strategy' }));
    expect(await screen.findByRole('form', { name: `Settings of ${longest}` })).toBeInTheDocument();
  });
});

describe('given alerts of two TradingView strategies sent to the Default strategy’s URL', () => {
  it('should warn on its card, naming each with its count and linking to how to keep them apart', async () => {
    const send = await traderWebhook(api, token);
    const alerts = [
      ['Breakout 4h', 'b1'],
      ['Mean reversion', 'm1'],
      ['Breakout 4h', 'b2'],
    ];
    for (const [strategy, id] of alerts) {
      const answer = await send({ ticker: 'BTCUSD', action: 'buy', quantity: 0.01, strategy, id });
      expect(answer.ok).toBe(true);
    }
    await openStrategySettings();

    const warning = screen.getByRole('region', { name: '2 TradingView strategies send to this URL' });
    expect(warning).toHaveTextContent(
      'Alerts of “Breakout 4h” (2) and “Mean reversion” (1) arrived here in the last 7 days.',
    );
    // Each name is isolated, so a right-to-left one cannot pull its count or the sentence around.
    expect([...warning.querySelectorAll('bdi')].map((name) => name.textContent)).toEqual([
      'Breakout 4h',
      'Mean reversion',
    ]);
    expect(within(warning).getByRole('link', { name: 'Why, and how to keep them apart' })).toHaveAttribute(
      'href',
      '/docs/webhooks#several-tradingview-strategies-on-one-url',
    );
  });

  it('should not warn while one TradingView strategy sends to it', async () => {
    const send = await traderWebhook(api, token);
    await send({ ticker: 'BTCUSD', action: 'buy', quantity: 0.01, strategy: 'Breakout 4h', id: 'only' });
    await openStrategySettings();
    expect(screen.queryByRole('region', { name: /TradingView strategies send to this URL/ })).not.toBeInTheDocument();
  });
});
