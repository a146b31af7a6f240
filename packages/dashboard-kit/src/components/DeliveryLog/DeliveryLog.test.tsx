import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { expectNoAxeViolations } from '../../test/axe';
import { itConforms } from '../../test/conformance';
import { DeliveryLog, deliveryResultText, type DeliveryLogRow } from './DeliveryLog';

const at = Date.UTC(2026, 10, 24, 14, 2, 5);
const rows: DeliveryLogRow[] = [
  {
    id: 3,
    title: 'Trade closed: BTC/USD long',
    state: 'retrying',
    attempts: 2,
    responseCode: 500,
    error: null,
    createdAt: at,
    lastAttemptAt: at + 1_000,
    nextAttemptAt: at + 60_000,
    durationMs: 40,
  },
  {
    id: 2,
    title: 'Test notification',
    state: 'delivered',
    attempts: 1,
    responseCode: 200,
    error: null,
    createdAt: at - 60_000,
    lastAttemptAt: at - 60_000,
    nextAttemptAt: null,
    durationMs: 12,
  },
  {
    id: 1,
    title: 'Signal rejected',
    state: 'failed',
    attempts: 1,
    responseCode: null,
    error: 'timed out',
    createdAt: at - 120_000,
    lastAttemptAt: at - 120_000,
    nextAttemptAt: null,
    durationMs: 10_000,
  },
];

itConforms('DeliveryLog', {
  render: (props) => <DeliveryLog deliveries={rows} timeZone="UTC" {...props} />,
  refType: HTMLDivElement,
});

const cells = (row: HTMLElement) =>
  within(row)
    .getAllByRole('cell')
    .map((cell) => cell.textContent);

describe('given deliveries', () => {
  it('should show each one newest first with its state, the answer, attempts and the next retry', () => {
    render(<DeliveryLog deliveries={rows} timeZone="UTC" />);
    const table = screen.getByRole('table', { name: 'Delivery log' });
    const body = within(table).getAllByRole('row').slice(1);
    expect(
      within(table)
        .getAllByRole('columnheader')
        .map((h) => h.textContent),
    ).toEqual(['Time (UTC)', 'Message', 'State', 'Response', 'Attempts', 'Next retry (UTC)']);
    expect(cells(body[0]!)).toEqual([
      '24 Nov 14:02:05',
      'Trade closed: BTC/USD long',
      'Retrying',
      'HTTP 500',
      '2',
      '24 Nov 14:03:05',
    ]);
    expect(cells(body[1]!).slice(2, 6)).toEqual(['Delivered', 'HTTP 200', '1', '—']);
    expect(cells(body[2]!).slice(2, 4)).toEqual(['Failed', 'timed out']);
  });

  it('should offer Load more when there are older ones', async () => {
    const onLoadMore = vi.fn();
    render(<DeliveryLog deliveries={rows} hasMore onLoadMore={onLoadMore} />);
    await userEvent.click(screen.getByRole('button', { name: 'Load more' }));
    expect(onLoadMore).toHaveBeenCalledTimes(1);
  });

  it('should word an answer with its code and error', () => {
    expect(deliveryResultText({ state: 'retrying', responseCode: 503, error: 'Service Unavailable' })).toBe(
      'HTTP 503: Service Unavailable',
    );
    expect(deliveryResultText({ state: 'failed', responseCode: 500, error: 'example.com answered HTTP 500' })).toBe(
      'example.com answered HTTP 500',
    );
    expect(deliveryResultText({ state: 'pending', responseCode: null, error: null })).toBe('Not sent yet');
  });
});

describe('given no deliveries', () => {
  it('should say nothing was sent yet', async () => {
    const { container } = render(<DeliveryLog deliveries={[]} />);
    expect(screen.getByText('Nothing sent yet')).toBeInTheDocument();
    await expectNoAxeViolations(container);
  });

  it('should show skeleton rows while loading, and a failed load with Retry', async () => {
    const onRetry = vi.fn();
    const { rerender } = render(<DeliveryLog deliveries={[]} loading />);
    expect(screen.getByRole('table')).toHaveAttribute('aria-busy', 'true');
    expect(screen.queryByText('Nothing sent yet')).toBeNull();
    rerender(<DeliveryLog deliveries={[]} error="Network error" onRetry={onRetry} />);
    expect(screen.getByRole('alert')).toHaveTextContent('Could not load the delivery log');
    await userEvent.click(screen.getByRole('button', { name: 'Retry' }));
    expect(onRetry).toHaveBeenCalledTimes(1);
  });
});
