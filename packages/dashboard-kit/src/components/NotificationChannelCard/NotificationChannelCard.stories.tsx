/**
 * NotificationChannelCard: one notification channel with its switch, last delivery and actions.
 *
 * Usage: `<NotificationChannelCard name kindLabel target events enabled onEnabledChange actions={…} />`.
 */
import type { Story, StoryDefault } from '@ladle/react';
import { useState } from 'react';
import { BothThemes, PhoneFrame, Stack } from '../../stories/StoryLayout';
import { Button } from '../Button';
import { NotificationChannelCard, type NotificationChannelCardProps } from './NotificationChannelCard';

export default {
  title: 'Notifications / Channel card',
} satisfies StoryDefault;

const now = Date.now();
const webhook: NotificationChannelCardProps = {
  name: 'Ops webhook',
  kindLabel: 'Generic webhook',
  target: 'https://hooks.example.com/…',
  events: ['Trade opened', 'Trade closed', 'Signal rejected'],
  enabled: true,
  lastDelivery: { at: now - 5 * 60_000, ok: true, status: 200 },
};

const actions = (
  <>
    <Button size="sm" variant="outline">
      Send test
    </Button>
    <Button size="sm" variant="outline">
      Delivery log
    </Button>
    <Button size="sm" variant="ghost">
      Remove
    </Button>
  </>
);

function Switchable(props: NotificationChannelCardProps) {
  const [enabled, setEnabled] = useState(props.enabled);
  return <NotificationChannelCard {...props} enabled={enabled} onEnabledChange={setEnabled} actions={actions} />;
}

export const Default: Story = () => <Switchable {...webhook} />;

export const NothingSentYet: Story = () => (
  <Switchable {...webhook} name="Telegram" kindLabel="Telegram" target="Telegram chat 123456789" lastDelivery={null} />
);

export const DisabledAfterFailures: Story = () => (
  <Switchable
    {...webhook}
    name="Team Discord"
    kindLabel="Discord"
    target="Discord #…4f2a"
    enabled={false}
    disabledReason="Disabled after 5 permanent failures (HTTP 404) on 24 Nov 14:02"
    lastDelivery={{ at: now - 3_600_000, ok: false, status: 404 }}
  />
);

export const Saving: Story = () => (
  <NotificationChannelCard {...webhook} busy onEnabledChange={() => {}} actions={actions} />
);

export const ReadOnly: Story = () => <NotificationChannelCard {...webhook} />;

export const BothThemesSideBySide: Story = () => (
  <BothThemes>
    <Stack>
      <Switchable {...webhook} />
      <Switchable
        {...webhook}
        enabled={false}
        disabledReason="Disabled after 5 permanent failures (HTTP 410) on 24 Nov 14:02"
      />
    </Stack>
  </BothThemes>
);

export const Phone: Story = () => (
  <PhoneFrame>
    <Switchable {...webhook} />
  </PhoneFrame>
);
