import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { itConforms } from '../../test/conformance';
import { Card, CardContent, CardDescription, CardFooter, CardHeader, CardTitle } from './Card';

type PartProps = Record<string, unknown>;

function WebhookCard({ part, props = {} }: { part?: string; props?: PartProps }) {
  const to = (name: string) => (part === name ? props : {});
  return (
    <Card {...to('Card')}>
      <CardHeader {...to('CardHeader')}>
        <CardTitle {...to('CardTitle')}>Webhook URL</CardTitle>
        <CardDescription {...to('CardDescription')}>Paste it into your TradingView alert.</CardDescription>
      </CardHeader>
      <CardContent {...to('CardContent')}>https://signaldeck.example/api/webhooks/9f2c</CardContent>
      <CardFooter {...to('CardFooter')}>
        <button type="button">Copy</button>
      </CardFooter>
    </Card>
  );
}

const parts = [
  ['Card', HTMLDivElement],
  ['CardHeader', HTMLDivElement],
  ['CardTitle', HTMLHeadingElement],
  ['CardDescription', HTMLParagraphElement],
  ['CardContent', HTMLDivElement],
  ['CardFooter', HTMLDivElement],
] as const;

for (const [part, refType] of parts) {
  itConforms<Element>(part, {
    render: (props) => <WebhookCard part={part} props={props} />,
    refType,
  });
}

describe('given a Card with a title', () => {
  describe('when it is rendered', () => {
    it('should show the title as a level-3 heading by default', () => {
      render(<WebhookCard />);
      expect(screen.getByRole('heading', { level: 3, name: 'Webhook URL' })).toBeInTheDocument();
      expect(screen.getByText('Paste it into your TradingView alert.')).toBeInTheDocument();
      expect(screen.getByRole('button', { name: 'Copy' })).toBeInTheDocument();
    });
  });

  describe('when the title is rendered asChild with an h2', () => {
    it('should be a level-2 heading with the title styles', () => {
      render(
        <Card>
          <CardTitle asChild>
            <h2>API keys</h2>
          </CardTitle>
        </Card>,
      );
      const heading = screen.getByRole('heading', { level: 2, name: 'API keys' });
      expect(heading).toHaveAttribute('data-slot', 'card-title');
    });
  });
});
