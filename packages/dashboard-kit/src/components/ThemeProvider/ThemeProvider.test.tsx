import { act, render, renderHook, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { itConforms } from '../../test/conformance';
import { mockMatchMedia } from '../../test/matchMedia';
import { themeScript } from '../../theme/theme-script';
import { ThemeProvider, ThemeScope, useTheme, useThemeScopeProps, type ThemeProviderProps } from './ThemeProvider';

const DARK_QUERY = '(prefers-color-scheme: dark)';
const html = document.documentElement;

function ThemeProbe() {
  const { theme, resolvedTheme, setTheme } = useTheme();
  return (
    <div>
      <output aria-label="Preference">{theme}</output>
      <output aria-label="Resolved">{resolvedTheme}</output>
      <button type="button" onClick={() => setTheme('light')}>
        Light
      </button>
      <button type="button" onClick={() => setTheme('dark')}>
        Dark
      </button>
      <button type="button" onClick={() => setTheme('system')}>
        System
      </button>
    </div>
  );
}

function renderProvider(props: ThemeProviderProps = {}) {
  return render(
    <ThemeProvider {...props}>
      <ThemeProbe />
    </ThemeProvider>,
  );
}

const preference = () => screen.getByRole('status', { name: 'Preference' });

let media: ReturnType<typeof mockMatchMedia>;
beforeEach(() => {
  media = mockMatchMedia({ [DARK_QUERY]: false });
});
afterEach(() => {
  media.restore();
  html.removeAttribute('data-theme');
});

itConforms('ThemeScope', {
  render: (props) => <ThemeScope {...props}>Panel</ThemeScope>,
  refType: HTMLDivElement,
});

describe('given nothing is stored', () => {
  describe('when the provider mounts', () => {
    it('should use the dark theme on <html>', () => {
      renderProvider();
      expect(preference()).toHaveTextContent('dark');
      expect(html).toHaveAttribute('data-theme', 'dark');
    });

    it('should not write to storage until the user chooses', () => {
      renderProvider();
      expect(localStorage.getItem('dk-theme')).toBeNull();
    });
  });

  describe('when a defaultTheme is given', () => {
    it('should start from it', () => {
      renderProvider({ defaultTheme: 'light' });
      expect(html).toHaveAttribute('data-theme', 'light');
    });
  });
});

describe('given a stored preference of light', () => {
  beforeEach(() => localStorage.setItem('dk-theme', 'light'));

  describe('when the pre-paint script runs and then the provider mounts', () => {
    it('should agree on the light theme', () => {
      new Function(themeScript)();
      expect(html).toHaveAttribute('data-theme', 'light');
      renderProvider();
      expect(preference()).toHaveTextContent('light');
      expect(html).toHaveAttribute('data-theme', 'light');
    });
  });
});

describe('given a stored value that is not a theme', () => {
  describe('when the provider mounts', () => {
    it('should fall back to dark', () => {
      localStorage.setItem('dk-theme', 'sepia');
      renderProvider();
      expect(html).toHaveAttribute('data-theme', 'dark');
    });
  });
});

describe('given an uncontrolled provider', () => {
  describe('after the user chooses light', () => {
    it('should apply it, remember it under dk-theme and report it', async () => {
      const onThemeChange = vi.fn();
      renderProvider({ onThemeChange });
      await userEvent.click(screen.getByRole('button', { name: 'Light' }));
      expect(html).toHaveAttribute('data-theme', 'light');
      expect(localStorage.getItem('dk-theme')).toBe('light');
      expect(onThemeChange).toHaveBeenCalledWith('light');
    });
  });

  describe('after another tab stores a new preference', () => {
    it('should follow it', () => {
      renderProvider();
      localStorage.setItem('dk-theme', 'light');
      act(() => {
        window.dispatchEvent(new StorageEvent('storage', { key: 'dk-theme', newValue: 'light' }));
      });
      expect(html).toHaveAttribute('data-theme', 'light');
    });
  });

  describe('when persistence is turned off with storageKey={null}', () => {
    it('should apply choices without storing them', async () => {
      renderProvider({ storageKey: null });
      await userEvent.click(screen.getByRole('button', { name: 'Light' }));
      expect(html).toHaveAttribute('data-theme', 'light');
      expect(localStorage.length).toBe(0);
    });
  });
});

describe('given the system preference', () => {
  describe('when the OS is in light mode', () => {
    it('should resolve to light and keep system as the preference', async () => {
      renderProvider();
      await userEvent.click(screen.getByRole('button', { name: 'System' }));
      expect(preference()).toHaveTextContent('system');
      expect(screen.getByRole('status', { name: 'Resolved' })).toHaveTextContent('light');
      expect(html).toHaveAttribute('data-theme', 'light');
      expect(localStorage.getItem('dk-theme')).toBe('system');
    });
  });

  describe('after the OS switches to dark and back', () => {
    it('should follow each change live', () => {
      renderProvider({ theme: 'system' });
      act(() => media.set(DARK_QUERY, true));
      expect(html).toHaveAttribute('data-theme', 'dark');
      act(() => media.set(DARK_QUERY, false));
      expect(html).toHaveAttribute('data-theme', 'light');
    });
  });

  describe('after the provider unmounts', () => {
    it('should stop listening to the OS', () => {
      const { unmount } = renderProvider({ theme: 'system' });
      expect(media.listenerCount(DARK_QUERY)).toBeGreaterThan(0);
      unmount();
      expect(media.listenerCount(DARK_QUERY)).toBe(0);
    });
  });
});

describe('given a fixed preference of dark', () => {
  describe('when the OS switches to light', () => {
    it('should stay dark', () => {
      renderProvider({ theme: 'dark' });
      act(() => media.set(DARK_QUERY, false));
      expect(html).toHaveAttribute('data-theme', 'dark');
    });
  });
});

describe('given a controlled provider', () => {
  describe('after the user chooses dark', () => {
    it('should report the choice and keep drawing the prop until it changes', async () => {
      const onThemeChange = vi.fn();
      const { rerender } = renderProvider({ theme: 'light', onThemeChange });
      await userEvent.click(screen.getByRole('button', { name: 'Dark' }));
      expect(onThemeChange).toHaveBeenCalledWith('dark');
      expect(html).toHaveAttribute('data-theme', 'light');
      rerender(
        <ThemeProvider theme="dark" onThemeChange={onThemeChange}>
          <ThemeProbe />
        </ThemeProvider>,
      );
      expect(html).toHaveAttribute('data-theme', 'dark');
    });
  });
});

describe('given a custom target element', () => {
  describe('when the provider mounts', () => {
    it('should set data-theme on the target and leave <html> alone', () => {
      const target = document.createElement('div');
      document.body.append(target);
      renderProvider({ target, defaultTheme: 'light' });
      expect(target).toHaveAttribute('data-theme', 'light');
      expect(html).not.toHaveAttribute('data-theme');
      target.remove();
    });
  });
});

describe('given <html> already carries a theme from the pre-paint script', () => {
  describe('after the provider unmounts', () => {
    it('should restore the attribute it found', () => {
      html.setAttribute('data-theme', 'light');
      const { unmount } = renderProvider({ theme: 'dark' });
      expect(html).toHaveAttribute('data-theme', 'dark');
      unmount();
      expect(html).toHaveAttribute('data-theme', 'light');
    });
  });
});

describe('given useTheme outside a provider', () => {
  describe('when it is called', () => {
    it('should throw a message naming the provider', () => {
      vi.spyOn(console, 'error').mockImplementation(() => {});
      expect(() => renderHook(() => useTheme())).toThrow('useTheme must be used inside <ThemeProvider>.');
      vi.restoreAllMocks();
    });
  });
});

describe('given portalled content', () => {
  describe('when it asks for the scope props inside a light provider', () => {
    it('should receive data-theme="light"', () => {
      const { result } = renderHook(() => useThemeScopeProps(), {
        wrapper: ({ children }) => <ThemeProvider theme="light">{children}</ThemeProvider>,
      });
      expect(result.current).toEqual({ 'data-theme': 'light' });
    });
  });

  describe('when it asks inside a dark ThemeScope within a light provider', () => {
    it('should receive the scope theme', () => {
      const { result } = renderHook(() => useThemeScopeProps(), {
        wrapper: ({ children }) => (
          <ThemeProvider theme="light">
            <ThemeScope theme="dark">{children}</ThemeScope>
          </ThemeProvider>
        ),
      });
      expect(result.current).toEqual({ 'data-theme': 'dark' });
    });
  });

  describe('when it asks outside any provider', () => {
    it('should receive nothing and inherit from <html>', () => {
      const { result } = renderHook(() => useThemeScopeProps());
      expect(result.current).toEqual({});
    });
  });
});

describe('given a ThemeScope without a theme', () => {
  describe('when it sits in a provider that resolves to light', () => {
    it('should take the provider theme', () => {
      render(
        <ThemeProvider theme="light">
          <ThemeScope data-testid="scope">Panel</ThemeScope>
        </ThemeProvider>,
      );
      expect(screen.getByTestId('scope')).toHaveAttribute('data-theme', 'light');
    });
  });
});

/** The declarations of every stylesheet rule that applies to <body> as the document stands. */
function bodyDeclarations(): string[] {
  const rules = [...document.styleSheets].flatMap((sheet) => [...sheet.cssRules]);
  return rules
    .filter((rule): rule is CSSStyleRule => rule instanceof CSSStyleRule && document.body.matches(rule.selectorText))
    .flatMap((rule) => [...rule.style].map((property) => `${property}: ${rule.style.getPropertyValue(property)}`));
}

describe('given the kit’s stylesheet on a page', () => {
  beforeEach(async () => {
    await import('../../theme/global.css');
  });

  describe('when no provider applies a theme to the document', () => {
    it('should not style the page’s body, even around a themed subtree', () => {
      render(<ThemeScope theme="light">Panel</ThemeScope>);
      expect(bodyDeclarations()).toEqual([]);
    });
  });

  describe('when a provider applies its theme to <html>', () => {
    it('should give the body the theme’s page colours and no margin', () => {
      renderProvider({ defaultTheme: 'light' });
      expect(bodyDeclarations()).toEqual(
        expect.arrayContaining(['margin: 0px', 'background: var(--dk-color-background)']),
      );
    });
  });

  describe('when a provider applies its theme to an element of its own', () => {
    it('should leave the body alone', () => {
      const target = document.createElement('div');
      document.body.append(target);
      renderProvider({ defaultTheme: 'light', target });
      expect(bodyDeclarations()).toEqual([]);
      target.remove();
    });
  });
});
