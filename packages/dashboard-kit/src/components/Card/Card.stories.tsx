/**
 * Card: a surface for one topic.
 *
 * Usage: `<Card><CardHeader><CardTitle>Webhook URL</CardTitle><CardDescription>...</CardDescription></CardHeader>`
 * `<CardContent>...</CardContent><CardFooter><Button>Copy</Button></CardFooter></Card>`.
 * `CardTitle` is an `<h3>`; use `<CardTitle asChild><h2>...</h2></CardTitle>` for another level.
 */
import type { Story, StoryDefault } from '@ladle/react';
import { BothThemes, PhoneFrame, Stack } from '../../stories/StoryLayout';
import { Button } from '../Button/Button';
import { Input } from '../Input/Input';
import { ReturnsHistogram } from '../ReturnsHistogram/ReturnsHistogram';
import { Skeleton } from '../Skeleton/Skeleton';
import { Card, CardContent, CardDescription, CardFooter, CardHeader, CardTitle } from './Card';

export default {
  title: 'Primitives / Card',
} satisfies StoryDefault;

function WebhookCard() {
  return (
    <Card style={{ maxWidth: '28rem' }}>
      <CardHeader>
        <CardTitle>Webhook URL</CardTitle>
        <CardDescription>Paste it into the webhook field of your TradingView alert.</CardDescription>
      </CardHeader>
      <CardContent>
        <Input aria-label="Webhook URL" readOnly defaultValue="https://signaldeck.example/api/webhooks/9f2c41d7" />
      </CardContent>
      <CardFooter>
        <Button>Copy</Button>
        <Button variant="outline">Rotate</Button>
      </CardFooter>
    </Card>
  );
}

export const Default: Story = () => <WebhookCard />;

export const HeaderOnly: Story = () => (
  <Card style={{ maxWidth: '28rem' }}>
    <CardHeader>
      <CardTitle>Performance</CardTitle>
      <CardDescription>Trade statistics will appear here.</CardDescription>
    </CardHeader>
  </Card>
);

export const Loading: Story = () => (
  <Card style={{ maxWidth: '28rem' }} aria-busy="true">
    <CardHeader>
      <Skeleton style={{ width: '40%', height: '1.25rem' }} />
      <Skeleton shape="text" style={{ width: '80%' }} />
    </CardHeader>
    <CardContent>
      <Skeleton style={{ height: '2.25rem' }} />
    </CardContent>
  </Card>
);

export const LongText: Story = () => (
  <Card style={{ maxWidth: '20rem' }}>
    <CardHeader>
      <CardTitle>Mean reversion with volatility bands and a trailing exit on BTC/USD</CardTitle>
      <CardDescription>
        Every alert this strategy sends arrives here first, is checked, stored and then shown in the signals list and on
        the chart.
      </CardDescription>
    </CardHeader>
    <CardContent>averyveryverylongidentifierwithoutanyspacesthatmustwrapinsidethecard</CardContent>
  </Card>
);

export const ManyCards: Story = () => (
  <div style={{ display: 'grid', gridTemplateColumns: 'repeat(auto-fill, minmax(14rem, 1fr))', gap: 16 }}>
    {['BTC/USD', 'ETH/USD', 'SOL/USD', 'ADA/USD', 'XRP/USD', 'DOT/USD', 'AVAX/USD', 'LINK/USD'].map((pair) => (
      <Card key={pair}>
        <CardHeader>
          <CardTitle>{pair}</CardTitle>
          <CardDescription>12 signals today</CardDescription>
        </CardHeader>
      </Card>
    ))}
  </div>
);

export const BothThemesSideBySide: Story = () => (
  <BothThemes>
    <WebhookCard />
  </BothThemes>
);

export const Phone: Story = () => (
  <PhoneFrame>
    <Stack>
      <WebhookCard />
    </Stack>
  </PhoneFrame>
);
Phone.meta = { width: 'xsmall' };

/**
 * On a phone a card's content sits 16 px from its edges (24 px on wider screens), close to the frames of the
 * charts and tables in the same column, so a card among them does not look like a box inside a box.
 */
export const PhoneBesideAChart: Story = () => (
  <PhoneFrame>
    <Stack>
      <ReturnsHistogram
        title="Distribution of trade returns"
        returns={[-0.42, -0.21, -0.2, -0.05, 0.12, 0.31, 0.35]}
        height={200}
      />
      <Card>
        <CardHeader>
          <CardTitle>Signal latency</CardTitle>
          <CardDescription>From the alert firing to SignalDeck receiving it, over the last 8 signals.</CardDescription>
        </CardHeader>
        <CardContent>Median 180 ms, 95th percentile 420 ms.</CardContent>
      </Card>
    </Stack>
  </PhoneFrame>
);
PhoneBesideAChart.meta = { width: 'xsmall' };
