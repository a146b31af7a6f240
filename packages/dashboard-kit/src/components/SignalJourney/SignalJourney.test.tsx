import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { formatDelay, SignalJourney } from './SignalJourney';

const T = Date.UTC(2026, 4, 2, 14, 3, 7, 120);

describe('given an executed signal whose alert gave its time', () => {
  it('should list alert, received, stored and executed in order, each with its delay', () => {
    render(
      <SignalJourney
        alertTime={T - 2_500}
        receivedAt={T}
        storedAt={T + 4}
        outcome={{ status: 'executed', at: T + 30, detail: 'buy 0.25 @ 65,000.00' }}
        timeZone="UTC"
      />,
    );
    const journey = screen.getByRole('region', { name: 'Signal journey' });
    const steps = within(journey).getAllByRole('listitem');
    expect(steps.map((step) => step.textContent)).toEqual([
      'Alert fired on TradingView2026-05-02 14:03:04.620 UTC',
      'Received2026-05-02 14:03:07.120 UTC+2.5 s after the step before',
      'Stored2026-05-02 14:03:07.124 UTC+4 ms after the step before',
      'Executed2026-05-02 14:03:07.150 UTC+26 ms after the step beforebuy 0.25 @ 65,000.00',
    ]);
  });
});

describe('given a test alert', () => {
  it('should name its first step as told, not as fired on TradingView', () => {
    render(
      <SignalJourney
        alertTime={T - 2_500}
        alertLabel="Test alert sent from Settings"
        receivedAt={T}
        storedAt={T + 4}
        timeZone="UTC"
      />,
    );
    const [first] = within(screen.getByRole('region', { name: 'Signal journey' })).getAllByRole('listitem');
    expect(first).toHaveTextContent(/^Test alert sent from Settings2026-05-02 14:03:04\.620 UTC$/);
    expect(screen.queryByText(/TradingView/)).toBeNull();
  });
});

describe('given an ignored signal without an alert time or a stored time', () => {
  it('should start at receipt, say the stored time is not recorded, and say why it was ignored', () => {
    render(
      <SignalJourney
        alertTime={null}
        receivedAt={T}
        storedAt={null}
        outcome={{ status: 'ignored', at: T + 1_000, reason: 'no position to close' }}
      />,
    );
    const steps = screen.getAllByRole('listitem');
    expect(steps).toHaveLength(3);
    expect(steps[1]).toHaveTextContent('Storedtime not recorded');
    expect(steps[2]).toHaveTextContent(/^Ignored.*\+1 s after the step beforeno position to close$/);
  });
});

describe('given a repeat and an original', () => {
  it('should link a repeat to its original, and let the link be followed by keyboard', async () => {
    const onRepeatOfClick = vi.fn((_id: string, event: { preventDefault(): void }) => event.preventDefault());
    render(
      <SignalJourney
        alertTime={null}
        receivedAt={T}
        storedAt={T}
        repeatOf={{ id: '41', href: '/signals?selected=41' }}
        onRepeatOfClick={onRepeatOfClick}
      />,
    );
    const link = screen.getByRole('link', { name: 'signal 41' });
    expect(link).toHaveAttribute('href', '/signals?selected=41');
    await userEvent.tab();
    expect(link).toHaveFocus();
    await userEvent.keyboard('{Enter}');
    expect(onRepeatOfClick).toHaveBeenCalledWith('41', expect.anything());
  });

  it('should say how many times an original was repeated', () => {
    render(<SignalJourney alertTime={null} receivedAt={T} storedAt={T} repeats={3} />);
    expect(screen.getByText(/Repeated 3 times/)).toBeInTheDocument();
  });
});

describe('given an out-of-sync signal', () => {
  it("should show TradingView's position and the paper account's", () => {
    render(
      <SignalJourney
        alertTime={null}
        receivedAt={T}
        storedAt={T}
        outOfSync={{ at: 'before', tradingView: 'flat', paper: 'long 1' }}
      />,
    );
    const note = screen.getByText(/an alert was probably missed/);
    expect(note).toHaveTextContent('out of sync Before this order TradingView was flat, the paper account long 1');
  });
});

describe('formatDelay', () => {
  it.each([
    [120, '+120 ms'],
    [3_500, '+3.5 s'],
    [125_000, '+2 min 5 s'],
    [3_840_000, '+1 h 4 min'],
    [-300, '−300 ms'],
  ])('should write %d ms as %s', (ms, text) => {
    expect(formatDelay(ms)).toBe(text);
  });
});
