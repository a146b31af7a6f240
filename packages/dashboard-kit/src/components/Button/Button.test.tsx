import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { Ref } from 'react';
import { describe, expect, it, vi } from 'vitest';
import { itConforms } from '../../test/conformance';
import { Button } from './Button';

itConforms('Button', {
  render: (props) => <Button {...props}>Save</Button>,
  refType: HTMLButtonElement,
});

itConforms('Button as a link', {
  // Button's ref is typed for its default <button>; with asChild it reaches the child element.
  render: ({ ref, ...props }) => (
    <Button asChild ref={ref as Ref<HTMLButtonElement>} {...props}>
      <a href="/signals">Signals</a>
    </Button>
  ),
  refType: HTMLAnchorElement,
});

describe('given a Button', () => {
  describe('when it is rendered', () => {
    it('should be a button named by its text that does not submit forms', () => {
      render(<Button>Save</Button>);
      const button = screen.getByRole('button', { name: 'Save' });
      expect(button).toHaveAttribute('type', 'button');
      expect(button).toBeEnabled();
      expect(button).not.toHaveAttribute('aria-busy');
    });

    it('should default to the primary variant at medium size', () => {
      render(<Button>Save</Button>);
      const button = screen.getByRole('button', { name: 'Save' });
      expect(button).toHaveAttribute('data-variant', 'primary');
      expect(button).toHaveAttribute('data-size', 'md');
    });
  });

  describe('when it is clicked', () => {
    it('should call onClick once', async () => {
      const onClick = vi.fn();
      render(<Button onClick={onClick}>Save</Button>);
      await userEvent.click(screen.getByRole('button', { name: 'Save' }));
      expect(onClick).toHaveBeenCalledTimes(1);
    });
  });

  describe('when it is reached with Tab and pressed with Enter and Space', () => {
    it('should take focus and call onClick for each key', async () => {
      const user = userEvent.setup();
      const onClick = vi.fn();
      render(<Button onClick={onClick}>Save</Button>);
      await user.tab();
      expect(screen.getByRole('button', { name: 'Save' })).toHaveFocus();
      await user.keyboard('{Enter}');
      await user.keyboard(' ');
      expect(onClick).toHaveBeenCalledTimes(2);
    });
  });

  describe('when it is given type="submit" inside a form', () => {
    it('should submit the form', async () => {
      const onSubmit = vi.fn((event: SubmitEvent) => event.preventDefault());
      render(
        <form aria-label="Login" onSubmit={(event) => onSubmit(event.nativeEvent as SubmitEvent)}>
          <Button type="submit">Sign in</Button>
        </form>,
      );
      await userEvent.click(screen.getByRole('button', { name: 'Sign in' }));
      expect(onSubmit).toHaveBeenCalledTimes(1);
    });
  });

  describe('when a variant and a size are chosen', () => {
    it('should expose them and style each differently', () => {
      render(
        <>
          <Button variant="danger" size="sm">
            Delete
          </Button>
          <Button variant="ghost" size="icon" aria-label="Settings" />
        </>,
      );
      const danger = screen.getByRole('button', { name: 'Delete' });
      const ghost = screen.getByRole('button', { name: 'Settings' });
      expect(danger).toHaveAttribute('data-variant', 'danger');
      expect(danger).toHaveAttribute('data-size', 'sm');
      expect(ghost).toHaveAttribute('data-variant', 'ghost');
      expect(ghost).toHaveAttribute('data-size', 'icon');
      expect(danger.className).not.toBe(ghost.className);
    });
  });
});

describe('given a component built on Button that names its own part', () => {
  describe('when it passes data-slot', () => {
    it('should keep that data-slot and the button styles', () => {
      render(<Button data-slot="theme-toggle">Theme</Button>);
      const button = screen.getByRole('button', { name: 'Theme' });
      expect(button).toHaveAttribute('data-slot', 'theme-toggle');
      expect(button).toHaveAttribute('data-variant', 'primary');
    });
  });
});

describe('given a disabled Button', () => {
  describe('when it is clicked', () => {
    it('should stay disabled and not call onClick', async () => {
      const onClick = vi.fn();
      render(
        <Button disabled onClick={onClick}>
          Save
        </Button>,
      );
      const button = screen.getByRole('button', { name: 'Save' });
      await userEvent.click(button);
      expect(button).toBeDisabled();
      expect(onClick).not.toHaveBeenCalled();
    });
  });
});

describe('given a loading Button', () => {
  describe('when it is rendered', () => {
    it('should keep its name, be busy and disabled, and show a hidden spinner', () => {
      const { container } = render(<Button loading>Save</Button>);
      const button = screen.getByRole('button', { name: 'Save' });
      expect(button).toHaveAttribute('aria-busy', 'true');
      expect(button).toBeDisabled();
      expect(container.querySelector('[data-slot="button-spinner"]')).toHaveAttribute('aria-hidden', 'true');
    });
  });

  describe('when it is clicked', () => {
    it('should not call onClick', async () => {
      const onClick = vi.fn();
      render(
        <Button loading onClick={onClick}>
          Save
        </Button>,
      );
      await userEvent.click(screen.getByRole('button', { name: 'Save' }));
      expect(onClick).not.toHaveBeenCalled();
    });
  });

  describe('after loading ends', () => {
    it('should be enabled and idle again', () => {
      const { rerender } = render(<Button loading>Save</Button>);
      rerender(<Button loading={false}>Save</Button>);
      const button = screen.getByRole('button', { name: 'Save' });
      expect(button).toBeEnabled();
      expect(button).not.toHaveAttribute('aria-busy');
    });
  });
});

/** Records whether each click reaching the document had its default (navigation) cancelled. */
function watchDocumentClicks() {
  const prevented: boolean[] = [];
  const listener = (event: MouseEvent) => prevented.push(event.defaultPrevented);
  document.addEventListener('click', listener);
  return {
    lastWasPrevented: () => prevented.at(-1),
    stop: () => document.removeEventListener('click', listener),
  };
}

describe('given a Button rendered asChild with a link', () => {
  describe('when it is rendered', () => {
    it('should be a link with the button styles and no button type', () => {
      render(
        <Button asChild variant="outline">
          <a href="/signals">All events</a>
        </Button>,
      );
      const link = screen.getByRole('link', { name: 'All events' });
      expect(link).toHaveAttribute('href', '/signals');
      expect(link).toHaveAttribute('data-variant', 'outline');
      expect(link).not.toHaveAttribute('type');
      expect(screen.queryByRole('button')).not.toBeInTheDocument();
    });
  });

  describe('when it is clicked', () => {
    it('should call onClick and let the link follow', async () => {
      const onClick = vi.fn();
      const clicks = watchDocumentClicks();
      render(
        <Button asChild onClick={onClick}>
          <a href="#signals">All events</a>
        </Button>,
      );
      await userEvent.click(screen.getByRole('link', { name: 'All events' }));
      clicks.stop();
      expect(onClick).toHaveBeenCalledTimes(1);
      expect(clicks.lastWasPrevented()).toBe(false);
    });
  });

  describe('when it is disabled and clicked', () => {
    it('should be aria-disabled, cancel the navigation and not call onClick', async () => {
      const onClick = vi.fn();
      const clicks = watchDocumentClicks();
      render(
        <Button asChild disabled onClick={onClick}>
          <a href="#signals">All events</a>
        </Button>,
      );
      const link = screen.getByRole('link', { name: 'All events' });
      expect(link).toHaveAttribute('aria-disabled', 'true');
      await userEvent.click(link);
      clicks.stop();
      expect(onClick).not.toHaveBeenCalled();
      expect(clicks.lastWasPrevented()).toBe(true);
    });
  });

  describe('when it is loading', () => {
    it('should put the spinner inside the link and mark it busy', () => {
      render(
        <Button asChild loading>
          <a href="/signals">All events</a>
        </Button>,
      );
      const link = screen.getByRole('link', { name: 'All events' });
      expect(link).toHaveAttribute('aria-busy', 'true');
      expect(link.querySelector('[data-slot="button-spinner"]')).not.toBeNull();
    });
  });
});
