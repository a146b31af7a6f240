import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { itConforms } from '../../test/conformance';
import { UserMenu, type UserMenuProps } from './UserMenu';

const jane = { name: 'Jane Doe', email: 'jane@example.com' };

// While the menu is open, Radix hides the rest of the page from assistive technology.
const trigger = () => screen.getByRole('button', { name: /^User menu/, hidden: true });

afterEach(() => vi.restoreAllMocks());

itConforms('UserMenu', {
  render: (props) => <UserMenu {...jane} {...props} />,
  refType: HTMLButtonElement,
});

describe('given a signed-in user', () => {
  describe('when the menu is closed', () => {
    it('should show initials, name and email in a trigger named after the user', () => {
      render(<UserMenu {...jane} />);
      expect(trigger()).toHaveAccessibleName('User menu Jane Doe jane@example.com');
      expect(trigger()).toHaveAttribute('aria-haspopup', 'menu');
      expect(within(trigger()).getByText('JD')).toBeInTheDocument();
    });
  });

  describe('when the trigger is clicked', () => {
    it('should list the five items in order under the user details, named by the trigger', async () => {
      render(<UserMenu {...jane} />);
      await userEvent.click(trigger());
      const menu = screen.getByRole('menu', { name: 'User menu Jane Doe jane@example.com' });
      expect(
        within(menu)
          .getAllByRole('menuitem')
          .map((item) => item.textContent),
      ).toEqual(['Upgrade to Pro', 'Account', 'Billing', 'Notifications', 'Log out']);
      expect(within(menu).getByText('jane@example.com')).toBeInTheDocument();
    });
  });

  const callbacks: [string, keyof UserMenuProps][] = [
    ['Upgrade to Pro', 'onUpgrade'],
    ['Account', 'onAccount'],
    ['Billing', 'onBilling'],
    ['Notifications', 'onNotifications'],
    ['Log out', 'onLogout'],
  ];
  for (const [item, prop] of callbacks) {
    describe(`after "${item}" is chosen`, () => {
      it(`should call ${prop} once, and no other callback, and close`, async () => {
        const handlers = Object.fromEntries(callbacks.map(([, name]) => [name, vi.fn()]));
        render(<UserMenu {...jane} {...handlers} />);
        await userEvent.click(trigger());
        await userEvent.click(screen.getByRole('menuitem', { name: item }));
        for (const [name, handler] of Object.entries(handlers)) {
          expect(handler).toHaveBeenCalledTimes(name === prop ? 1 : 0);
        }
        expect(screen.queryByRole('menu')).not.toBeInTheDocument();
      });
    });
  }

  describe('after Log out is reached with the keyboard', () => {
    it('should call onLogout', async () => {
      const user = userEvent.setup();
      const onLogout = vi.fn();
      render(<UserMenu {...jane} onLogout={onLogout} />);
      await user.tab();
      await user.keyboard('{Enter}');
      expect(screen.getByRole('menuitem', { name: 'Upgrade to Pro' })).toHaveFocus();
      await user.keyboard('{End}');
      expect(screen.getByRole('menuitem', { name: 'Log out' })).toHaveFocus();
      await user.keyboard('{Enter}');
      expect(onLogout).toHaveBeenCalledTimes(1);
      expect(trigger()).toHaveFocus();
    });
  });
});

describe('given where the menu opens', () => {
  describe('when no side is given', () => {
    it('should open to the right of the trigger', async () => {
      render(<UserMenu {...jane} />);
      await userEvent.click(trigger());
      expect(screen.getByRole('menu')).toHaveAttribute('data-side', 'right');
    });
  });

  describe('when side="bottom" is given', () => {
    it('should open below', async () => {
      render(<UserMenu {...jane} side="bottom" />);
      await userEvent.click(trigger());
      expect(screen.getByRole('menu')).toHaveAttribute('data-side', 'bottom');
    });
  });
});

describe('given a user without a name or email', () => {
  describe('when it is rendered', () => {
    it('should show Guest with "?" initials and no email line', () => {
      render(<UserMenu name="  " email={null} />);
      expect(trigger()).toHaveAccessibleName('User menu Guest');
      expect(within(trigger()).getByText('?')).toBeInTheDocument();
    });
  });
});

describe('given a one-word name', () => {
  describe('when it is rendered', () => {
    it('should show its first two letters as initials', () => {
      render(<UserMenu name="satoshi" />);
      expect(within(trigger()).getByText('SA')).toBeInTheDocument();
    });
  });
});

describe('given a user whose name is literally Guest', () => {
  describe('when it is rendered', () => {
    it('should use the initials of that name', () => {
      render(<UserMenu name="Guest" />);
      expect(within(trigger()).getByText('GU')).toBeInTheDocument();
    });
  });
});

describe('given a picture that loads', () => {
  describe('when it is rendered', () => {
    it('should show the picture as decoration, keeping the name in text', () => {
      vi.spyOn(HTMLImageElement.prototype, 'complete', 'get').mockReturnValue(true);
      vi.spyOn(HTMLImageElement.prototype, 'naturalWidth', 'get').mockReturnValue(64);
      render(<UserMenu {...jane} avatarSrc="/jane.png" />);
      const picture = trigger().querySelector('img');
      expect(picture).toHaveAttribute('src', '/jane.png');
      expect(picture).toHaveAttribute('alt', '');
      expect(trigger()).toHaveAccessibleName('User menu Jane Doe jane@example.com');
    });
  });
});
