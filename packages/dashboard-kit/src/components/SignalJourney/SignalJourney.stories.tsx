/**
 * SignalJourney: a signal's timeline, from TradingView's alert time to its outcome.
 *
 * Usage: `<SignalJourney alertTime={...} receivedAt={...} storedAt={...} outcome={{ status: 'executed', at }} />`.
 */
import type { Story, StoryDefault } from '@ladle/react';
import { BothThemes, PhoneFrame, Stack } from '../../stories/StoryLayout';
import { SignalJourney, type SignalJourneyProps } from './SignalJourney';

export default {
  title: 'Data / SignalJourney',
} satisfies StoryDefault;

const T = Date.UTC(2026, 4, 2, 14, 3, 7, 120);

const executed: SignalJourneyProps = {
  alertTime: T - 2_400,
  receivedAt: T,
  storedAt: T + 4,
  outcome: { status: 'executed', at: T + 31, detail: 'buy 0.25 BTC @ 65,000.00' },
  repeats: 2,
  timeZone: 'UTC',
};
const ignored: SignalJourneyProps = {
  alertTime: null,
  receivedAt: T,
  storedAt: T + 3,
  outcome: {
    status: 'ignored',
    at: T + 18,
    reason: 'already long 1 BTC; adding to a position is off for this strategy',
  },
  outOfSync: { at: 'before', tradingView: 'flat', paper: 'long 1' },
  timeZone: 'UTC',
};
const repeat: SignalJourneyProps = {
  alertTime: T - 61_000,
  receivedAt: T,
  storedAt: T + 2,
  repeatOf: { id: '41', href: '#signal-41' },
  timeZone: 'UTC',
};
const pending: SignalJourneyProps = {
  alertTime: T - 900,
  receivedAt: T,
  storedAt: null,
  outcome: { status: 'pending', at: T + 12, reason: 'waiting for the open of the next 1m candle' },
  timeZone: 'UTC',
};

function AllStates() {
  return (
    <Stack>
      <SignalJourney {...executed} aria-label="Executed signal journey" />
      <SignalJourney {...ignored} aria-label="Ignored, out of sync signal journey" />
      <SignalJourney {...repeat} aria-label="Repeated signal journey" />
      <SignalJourney {...pending} aria-label="Pending signal journey" />
    </Stack>
  );
}

export const Executed: Story = () => <SignalJourney {...executed} />;
export const IgnoredOutOfSync: Story = () => <SignalJourney {...ignored} />;
export const Repeat: Story = () => <SignalJourney {...repeat} />;
export const Pending: Story = () => <SignalJourney {...pending} />;

export const BothThemesSideBySide: Story = () => (
  <BothThemes>
    <AllStates />
  </BothThemes>
);

export const Phone: Story = () => (
  <PhoneFrame>
    <AllStates />
  </PhoneFrame>
);
Phone.meta = { width: 'xsmall' };
