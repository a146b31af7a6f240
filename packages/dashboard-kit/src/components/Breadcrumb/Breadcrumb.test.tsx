import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { forwardRef, type ComponentPropsWithoutRef } from 'react';
import { describe, expect, it } from 'vitest';
import { itConforms } from '../../test/conformance';
import {
  Breadcrumb,
  BreadcrumbItem,
  BreadcrumbLink,
  BreadcrumbList,
  BreadcrumbPage,
  BreadcrumbSeparator,
} from './Breadcrumb';

type PartProps = Record<string, unknown>;

/** The trail the app shows on a chart page, with one part receiving the test's props. */
function TradingTrail({ part, props = {} }: { part?: string; props?: PartProps }) {
  const to = (name: string) => (part === name ? props : {});
  return (
    <Breadcrumb {...to('Breadcrumb')}>
      <BreadcrumbList {...to('BreadcrumbList')}>
        <BreadcrumbItem {...to('BreadcrumbItem')}>
          <BreadcrumbLink href="/trading" {...to('BreadcrumbLink')}>
            Trading
          </BreadcrumbLink>
        </BreadcrumbItem>
        <BreadcrumbSeparator {...to('BreadcrumbSeparator')} />
        <BreadcrumbItem>
          <BreadcrumbLink href="/trading/BTC/1m">BTC/USD</BreadcrumbLink>
        </BreadcrumbItem>
        <BreadcrumbSeparator />
        <BreadcrumbItem>
          <BreadcrumbPage {...to('BreadcrumbPage')}>1m</BreadcrumbPage>
        </BreadcrumbItem>
      </BreadcrumbList>
    </Breadcrumb>
  );
}

const parts = [
  ['Breadcrumb', HTMLElement],
  ['BreadcrumbList', HTMLOListElement],
  ['BreadcrumbItem', HTMLLIElement],
  ['BreadcrumbLink', HTMLAnchorElement],
  ['BreadcrumbPage', HTMLSpanElement],
  ['BreadcrumbSeparator', HTMLLIElement],
] as const;

for (const [part, refType] of parts) {
  itConforms<Element>(part, {
    render: (props) => <TradingTrail part={part} props={props} />,
    refType,
  });
}

describe('given the trail Trading > BTC/USD > 1m', () => {
  describe('when it is rendered', () => {
    it('should be a navigation landmark named breadcrumb with three steps', () => {
      render(<TradingTrail />);
      const nav = screen.getByRole('navigation', { name: 'breadcrumb' });
      expect(
        within(nav)
          .getAllByRole('listitem')
          .map((item) => item.textContent),
      ).toEqual(['Trading', 'BTC/USD', '1m']);
    });

    it('should link the earlier steps and mark the last as the current page, not a link', () => {
      render(<TradingTrail />);
      expect(screen.getByRole('link', { name: 'Trading' })).toHaveAttribute('href', '/trading');
      expect(screen.getByRole('link', { name: 'BTC/USD' })).toHaveAttribute('href', '/trading/BTC/1m');
      expect(screen.getByText('1m')).toHaveAttribute('aria-current', 'page');
      expect(screen.queryByRole('link', { name: '1m' })).not.toBeInTheDocument();
    });

    it('should hide the separators from assistive technology', () => {
      const { container } = render(<TradingTrail />);
      const separators = container.querySelectorAll('[data-slot="breadcrumb-separator"]');
      expect(separators).toHaveLength(2);
      separators.forEach((separator) => expect(separator).toHaveAttribute('aria-hidden', 'true'));
    });
  });

  describe('when the user tabs through it', () => {
    it('should stop on each link and skip the current page', async () => {
      const user = userEvent.setup();
      render(
        <>
          <TradingTrail />
          <button type="button">After</button>
        </>,
      );
      await user.tab();
      expect(screen.getByRole('link', { name: 'Trading' })).toHaveFocus();
      await user.tab();
      expect(screen.getByRole('link', { name: 'BTC/USD' })).toHaveFocus();
      await user.tab();
      expect(screen.getByRole('button', { name: 'After' })).toHaveFocus();
    });
  });
});

describe('given a Breadcrumb with its own label', () => {
  describe('when it is rendered', () => {
    it('should use that label', () => {
      render(<Breadcrumb aria-label="Fil d’Ariane" />);
      expect(screen.getByRole('navigation', { name: 'Fil d’Ariane' })).toBeInTheDocument();
    });
  });
});

/** Stands in for a router's Link: it takes `to` and renders an anchor. */
const RouterLink = forwardRef<HTMLAnchorElement, ComponentPropsWithoutRef<'a'> & { to: string }>(function RouterLink(
  { to, children, ...rest },
  ref,
) {
  return (
    <a ref={ref} href={to} data-router-link="" {...rest}>
      {children}
    </a>
  );
});

describe('given a BreadcrumbLink rendered asChild with a router link', () => {
  describe('when it is rendered', () => {
    it('should render the router link with the breadcrumb styles', () => {
      render(
        <BreadcrumbLink asChild className="consumer">
          <RouterLink to="/signals">Signals</RouterLink>
        </BreadcrumbLink>,
      );
      const link = screen.getByRole('link', { name: 'Signals' });
      expect(link).toHaveAttribute('href', '/signals');
      expect(link).toHaveAttribute('data-router-link');
      expect(link).toHaveAttribute('data-slot', 'breadcrumb-link');
      expect(link).toHaveClass('consumer');
    });
  });
});

describe('given a custom separator', () => {
  describe('when it is rendered', () => {
    it('should show it instead of the chevron', () => {
      const { container } = render(
        <ol>
          <BreadcrumbSeparator>/</BreadcrumbSeparator>
        </ol>,
      );
      const separator = container.querySelector('[data-slot="breadcrumb-separator"]');
      expect(separator).toHaveTextContent('/');
      expect(separator?.querySelector('svg')).toBeNull();
    });
  });
});
