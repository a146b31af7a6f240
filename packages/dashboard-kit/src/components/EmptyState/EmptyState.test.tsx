import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { InboxIcon } from '../../icons/InboxIcon';
import { itConforms } from '../../test/conformance';
import { Button } from '../Button/Button';
import { EmptyState } from './EmptyState';

itConforms('EmptyState', {
  render: (props) => (
    <EmptyState
      icon={<InboxIcon />}
      title="No signals yet"
      description="Point a TradingView alert at your webhook URL."
      action={<Button>Show webhook URL</Button>}
      {...props}
    />
  ),
  refType: HTMLDivElement,
});

describe('given an EmptyState with every part', () => {
  describe('when it is rendered', () => {
    it('should show a heading, the description and the action, with the icon hidden', () => {
      const { container } = render(
        <EmptyState
          icon={<InboxIcon />}
          title="No signals yet"
          description="Point a TradingView alert at your webhook URL."
          action={<Button>Show webhook URL</Button>}
        />,
      );
      expect(screen.getByRole('heading', { level: 3, name: 'No signals yet' })).toBeInTheDocument();
      expect(screen.getByText('Point a TradingView alert at your webhook URL.')).toBeInTheDocument();
      expect(container.querySelector('[data-slot="empty-state-icon"]')).toHaveAttribute('aria-hidden', 'true');
    });
  });

  describe('after the action is clicked', () => {
    it('should run the action', async () => {
      const onClick = vi.fn();
      render(<EmptyState title="No signals yet" action={<Button onClick={onClick}>Show webhook URL</Button>} />);
      await userEvent.click(screen.getByRole('button', { name: 'Show webhook URL' }));
      expect(onClick).toHaveBeenCalledTimes(1);
    });
  });
});

describe('given an EmptyState that replaces loading content', () => {
  describe('when it has role="status"', () => {
    it('should be a live status named by its text', () => {
      render(<EmptyState role="status" title="No signals match BTC" />);
      expect(screen.getByRole('status')).toHaveTextContent('No signals match BTC');
    });
  });
});

describe('given an error EmptyState', () => {
  describe('when it is rendered as an alert with a paragraph title', () => {
    it('should be an alert in the danger tone, without a heading', () => {
      render(
        <EmptyState
          role="alert"
          tone="danger"
          titleAs="p"
          title="Could not load signals"
          action={<Button>Retry</Button>}
        />,
      );
      const alert = screen.getByRole('alert');
      expect(alert).toHaveAttribute('data-tone', 'danger');
      expect(alert).toHaveTextContent('Could not load signals');
      expect(screen.queryByRole('heading')).not.toBeInTheDocument();
    });
  });
});

describe('given only a title', () => {
  describe('when it is rendered', () => {
    it('should render no empty description, icon or action', () => {
      const { container } = render(<EmptyState title="Nothing here" />);
      expect(container.querySelector('[data-slot="empty-state-description"]')).toBeNull();
      expect(container.querySelector('[data-slot="empty-state-icon"]')).toBeNull();
      expect(container.querySelector('[data-slot="empty-state-action"]')).toBeNull();
    });
  });
});
