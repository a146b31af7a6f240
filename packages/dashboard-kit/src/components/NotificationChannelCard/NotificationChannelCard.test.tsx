import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { expectNoAxeViolations } from '../../test/axe';
import { itConforms } from '../../test/conformance';
import { NotificationChannelCard, type NotificationChannelCardProps } from './NotificationChannelCard';

const base: NotificationChannelCardProps = {
  name: 'Ops webhook',
  kindLabel: 'Generic webhook',
  target: 'https://example.com/…',
  events: ['Trade closed', 'Signal rejected'],
  enabled: true,
  lastDelivery: { at: Date.UTC(2026, 10, 24, 14, 2, 5), ok: true, status: 200 },
  timeZone: 'UTC',
};

itConforms('NotificationChannelCard', {
  render: (props) => <NotificationChannelCard {...base} {...props} />,
  refType: HTMLElement,
});

describe('given an enabled channel', () => {
  it('should show its name, kind, masked target, events and last delivery', () => {
    render(<NotificationChannelCard {...base} />);
    const card = screen.getByRole('article', { name: 'Ops webhook' });
    expect(card).toHaveTextContent('Generic webhook https://example.com/…');
    expect(screen.getAllByRole('listitem').map((item) => item.textContent)).toEqual([
      'Trade closed',
      'Signal rejected',
    ]);
    expect(card).toHaveTextContent('Delivered (HTTP 200), 2026-11-24 14:02:05 UTC');
  });

  it('should turn it off with the switch, by keyboard', async () => {
    const user = userEvent.setup();
    const onEnabledChange = vi.fn();
    render(<NotificationChannelCard {...base} onEnabledChange={onEnabledChange} />);
    const toggle = screen.getByRole('switch', { name: 'Send to Ops webhook' });
    expect(toggle).toHaveAttribute('aria-checked', 'true');
    await user.tab();
    expect(toggle).toHaveFocus();
    await user.keyboard(' ');
    expect(onEnabledChange).toHaveBeenCalledWith(false);
  });
});

describe('given a last delivery that failed', () => {
  const failedAt = Date.UTC(2026, 10, 24, 14, 2, 5);

  it('should say it is being retried, and when, while the server retries it', () => {
    render(
      <NotificationChannelCard
        {...base}
        lastDelivery={{ at: failedAt, ok: false, status: 500, state: 'retrying', nextAttemptAt: failedAt + 60_000 }}
      />,
    );
    const card = screen.getByRole('article', { name: 'Ops webhook' });
    expect(card).toHaveTextContent('Retrying (HTTP 500), next attempt 14:03 UTC');
    expect(card).not.toHaveTextContent('Failed');
  });

  it('should say only the last attempt failed when its state is not known, and Failed once given up', () => {
    const { rerender } = render(
      <NotificationChannelCard {...base} lastDelivery={{ at: failedAt, ok: false, status: 500 }} />,
    );
    expect(screen.getByRole('article')).toHaveTextContent('Last attempt failed (HTTP 500), 2026-11-24 14:02:05 UTC');
    rerender(
      <NotificationChannelCard {...base} lastDelivery={{ at: failedAt, ok: false, status: 404, state: 'failed' }} />,
    );
    expect(screen.getByRole('article')).toHaveTextContent('Failed (HTTP 404), 2026-11-24 14:02:05 UTC');
  });
});

describe('given a channel the server disabled', () => {
  it('should say why and offer Enable again', async () => {
    const onEnabledChange = vi.fn();
    const { container } = render(
      <NotificationChannelCard
        {...base}
        enabled={false}
        disabledReason="Disabled after 5 permanent failures (HTTP 404) on 24 Nov 14:02"
        lastDelivery={{ at: base.lastDelivery!.at, ok: false, status: 404, state: 'failed' }}
        onEnabledChange={onEnabledChange}
      />,
    );
    expect(screen.getByText(/Disabled after 5 permanent failures/)).toBeInTheDocument();
    expect(screen.getByRole('article')).toHaveTextContent('Failed (HTTP 404)');
    await userEvent.click(screen.getByRole('button', { name: 'Enable again' }));
    expect(onEnabledChange).toHaveBeenCalledWith(true);
    await expectNoAxeViolations(container);
  });

  it('should keep the switch read-only without a handler, and say when nothing was sent', () => {
    render(<NotificationChannelCard {...base} lastDelivery={null} events={[]} />);
    expect(screen.getByRole('switch')).toBeDisabled();
    expect(screen.getByRole('article')).toHaveTextContent('Nothing sent yet');
    expect(screen.getByRole('article')).toHaveTextContent('None chosen');
  });
});
