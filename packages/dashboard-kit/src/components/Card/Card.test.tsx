import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { baseTokens, MOBILE_BREAKPOINT } from '../../theme/tokens';
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

/** Whether a media query holds on a screen `width` px wide: width queries in px only (jsdom evaluates none). */
function holdsAt(media: string, width: number): boolean {
  const features = [...media.matchAll(/\((min|max)-width:\s*(\d+(?:\.\d+)?)px\)/g)];
  if (features.length === 0) return false;
  return features.every(([, side, px]) => (side === 'max' ? width <= Number(px) : width >= Number(px)));
}

/** `var(--dk-space-6)` as the pixels the theme gives it (`1.5rem` at 16 px to the rem: 24). */
function themePx(value: string): number {
  const token = /^var\(--dk-space-(\d+)\)$/.exec(value)?.[1] as keyof typeof baseTokens.space | undefined;
  const rem = token === undefined ? undefined : baseTokens.space[token];
  if (rem === undefined) throw new Error(`not a space token: ${value}`);
  return parseFloat(rem) * 16;
}

/** The padding the kit's stylesheet gives `element` on a screen `width` px wide (jsdom applies no media queries). */
function paddingAt(element: Element, property: 'padding-inline' | 'padding-block', width: number): number {
  let value = '';
  const visit = (rules: CSSRuleList) => {
    for (const rule of rules) {
      if (rule instanceof CSSMediaRule) {
        if (holdsAt(rule.media.mediaText, width)) visit(rule.cssRules);
      } else if (rule instanceof CSSStyleRule && element.matches(rule.selectorText)) {
        value = rule.style.getPropertyValue(property) || value;
      }
    }
  };
  for (const sheet of document.styleSheets) visit(sheet.cssRules);
  return themePx(value);
}

describe('given a Card on a phone (768 px wide or narrower)', () => {
  it('should keep its content 16 px from its edges, where a desktop gives 24 px', () => {
    render(<WebhookCard />);
    const card = screen.getByRole('heading', { name: 'Webhook URL' }).closest('[data-slot="card"]') as Element;
    const inner = ['card-header', 'card-content', 'card-footer'].map(
      (slot) => card.querySelector(`[data-slot="${slot}"]`) as Element,
    );
    for (const [width, edge] of [
      [390, 16],
      [MOBILE_BREAKPOINT, 16],
      [MOBILE_BREAKPOINT + 1, 24],
      [1280, 24],
    ] as const) {
      expect(paddingAt(card, 'padding-block', width), `card at ${width} px`).toBe(edge);
      for (const part of inner) {
        expect(paddingAt(part, 'padding-inline', width), `${part.getAttribute('data-slot')} at ${width} px`).toBe(edge);
      }
    }
  });
});
