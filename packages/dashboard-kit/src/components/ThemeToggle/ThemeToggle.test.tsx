import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { itConforms } from '../../test/conformance';
import { mockMatchMedia } from '../../test/matchMedia';
import type { ThemePreference } from '../../theme/theme-script';
import { ThemeProvider } from '../ThemeProvider/ThemeProvider';
import { ThemeToggle, type ThemeToggleProps } from './ThemeToggle';

const html = document.documentElement;
let media: ReturnType<typeof mockMatchMedia>;
beforeEach(() => {
  media = mockMatchMedia({ '(prefers-color-scheme: dark)': false });
});
afterEach(() => {
  media.restore();
  html.removeAttribute('data-theme');
});

function renderToggle(props: ThemeToggleProps = {}, defaultTheme?: ThemePreference) {
  return render(
    <ThemeProvider defaultTheme={defaultTheme}>
      <ThemeToggle {...props} />
    </ThemeProvider>,
  );
}

// While the menu is open, Radix hides the rest of the page from assistive technology.
const toggle = (name = 'Theme') => screen.getByRole('button', { name, hidden: true });
const shownIcon = () => toggle().querySelector('[data-slot="theme-toggle-icon"]');

itConforms('ThemeToggle', {
  render: (props) => (
    <ThemeProvider storageKey={null}>
      <ThemeToggle {...props} />
    </ThemeProvider>
  ),
  refType: HTMLButtonElement,
});

describe('given a ThemeToggle in a fresh provider', () => {
  describe('when it is rendered', () => {
    it('should be a collapsed menu button named Theme showing the dark icon', () => {
      renderToggle();
      expect(toggle()).toHaveAttribute('aria-haspopup', 'menu');
      expect(toggle()).toHaveAttribute('aria-expanded', 'false');
      expect(shownIcon()).toHaveAttribute('data-preference', 'dark');
    });

    it('should say which theme is on in its description, not only by its icon', async () => {
      renderToggle();
      expect(toggle()).toHaveAccessibleDescription('Dark');
      await userEvent.click(toggle());
      await userEvent.click(screen.getByRole('menuitemradio', { name: 'Light' }));
      expect(toggle()).toHaveAccessibleDescription('Light');
    });
  });

  describe('when it is clicked', () => {
    it('should list Light, Dark and System with Dark chosen', async () => {
      renderToggle();
      await userEvent.click(toggle());
      const options = screen.getAllByRole('menuitemradio');
      expect(options.map((option) => option.textContent)).toEqual(['Light', 'Dark', 'System']);
      expect(screen.getByRole('menuitemradio', { name: 'Dark' })).toHaveAttribute('aria-checked', 'true');
    });
  });

  describe('after Light is chosen', () => {
    it('should draw light, remember it, close the menu and show the sun', async () => {
      renderToggle();
      await userEvent.click(toggle());
      await userEvent.click(screen.getByRole('menuitemradio', { name: 'Light' }));
      expect(html).toHaveAttribute('data-theme', 'light');
      expect(localStorage.getItem('dk-theme')).toBe('light');
      expect(screen.queryByRole('menu')).not.toBeInTheDocument();
      expect(shownIcon()).toHaveAttribute('data-preference', 'light');
    });
  });

  describe('after System is chosen with the keyboard while the OS is light', () => {
    it('should store system, draw light and return focus to the button', async () => {
      const user = userEvent.setup();
      renderToggle();
      await user.tab();
      expect(toggle()).toHaveFocus();
      await user.keyboard('{Enter}');
      // The menu starts on the chosen preference, Dark.
      await waitFor(() => expect(screen.getByRole('menuitemradio', { name: 'Dark' })).toHaveFocus());
      await user.keyboard('{ArrowDown}');
      expect(screen.getByRole('menuitemradio', { name: 'System' })).toHaveFocus();
      await user.keyboard('{Enter}');
      expect(localStorage.getItem('dk-theme')).toBe('system');
      expect(html).toHaveAttribute('data-theme', 'light');
      expect(shownIcon()).toHaveAttribute('data-preference', 'system');
      expect(toggle()).toHaveFocus();
    });
  });
});

describe('given a stored preference of system', () => {
  describe('when the menu opens', () => {
    it('should show System as chosen', async () => {
      localStorage.setItem('dk-theme', 'system');
      renderToggle();
      await userEvent.click(toggle());
      expect(screen.getByRole('menuitemradio', { name: 'System' })).toHaveAttribute('aria-checked', 'true');
    });
  });
});

describe('given translated labels shown as text', () => {
  describe('when it is rendered and opened', () => {
    it('should use the visible label as its name and the translated option names', async () => {
      renderToggle({
        label: 'Thème',
        display: 'label',
        optionLabels: { light: 'Clair', dark: 'Sombre', system: 'Système' },
      });
      expect(toggle('Thème')).toHaveTextContent('Thème');
      await userEvent.click(toggle('Thème'));
      expect(screen.getByRole('menuitemradio', { name: 'Sombre' })).toHaveAttribute('aria-checked', 'true');
      expect(screen.getByRole('menuitemradio', { name: 'Système' })).toBeInTheDocument();
    });
  });
});
