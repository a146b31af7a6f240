import { Slot } from '@radix-ui/react-slot';
import { clsx } from 'clsx';
import {
  createContext,
  forwardRef,
  useCallback,
  useContext,
  useEffect,
  useLayoutEffect,
  useMemo,
  useState,
  useSyncExternalStore,
  type ComponentPropsWithoutRef,
  type ReactNode,
} from 'react';
import { useControllableState } from '../../hooks/useControllableState';
import {
  readStoredPreference,
  resolveTheme,
  THEME_ATTRIBUTE,
  THEME_STORAGE_KEY,
  type ResolvedTheme,
  type ThemePreference,
} from '../../theme/theme-script';
import * as styles from './ThemeProvider.css';

export interface ThemeContextValue {
  /** The chosen preference: `light`, `dark`, or `system` (follow the operating system). */
  theme: ThemePreference;
  /** The theme actually drawn: the preference, with `system` resolved. */
  resolvedTheme: ResolvedTheme;
  /** Chooses a preference; it is saved under the storage key the pre-paint script reads. */
  setTheme: (theme: ThemePreference) => void;
}

const ThemeContext = createContext<ThemeContextValue | null>(null);
/** The theme of the nearest provider or scope, which portalled content re-applies. */
const ScopeThemeContext = createContext<ResolvedTheme | null>(null);

const DARK_QUERY = '(prefers-color-scheme: dark)';

function subscribeToColorScheme(onChange: () => void): () => void {
  if (typeof window === 'undefined' || !window.matchMedia) return () => {};
  const query = window.matchMedia(DARK_QUERY);
  query.addEventListener('change', onChange);
  return () => query.removeEventListener('change', onChange);
}

function prefersDark(): boolean {
  if (typeof window === 'undefined' || !window.matchMedia) return true;
  return window.matchMedia(DARK_QUERY).matches;
}

/** The server and the first paint assume dark, the product's default. */
const prefersDarkOnServer = () => true;

/** Storage can throw (privacy modes, sandboxed frames); the theme then simply is not remembered. */
function getStorage(): Storage | undefined {
  try {
    return typeof window === 'undefined' ? undefined : window.localStorage;
  } catch {
    return undefined;
  }
}

const useIsomorphicLayoutEffect = typeof document === 'undefined' ? useEffect : useLayoutEffect;

export type ThemeTarget = HTMLElement | null | (() => HTMLElement | null);

const documentElement = () => (typeof document === 'undefined' ? null : document.documentElement);

export interface ThemeProviderProps {
  children?: ReactNode;
  /** The preference, when the app controls it. */
  theme?: ThemePreference;
  /** The preference used when nothing is stored and `theme` is not given. */
  defaultTheme?: ThemePreference;
  /** Called with every preference the user chooses, controlled or not. */
  onThemeChange?: (theme: ThemePreference) => void;
  /** localStorage key; the same one the pre-paint script reads. `null` turns persistence off. */
  storageKey?: string | null;
  /** The element that receives `data-theme`; the `<html>` element by default, `null` for none. */
  target?: ThemeTarget;
}

/**
 * Holds the light / dark / system preference, remembers it, follows the operating system's
 * colour scheme live while the preference is `system`, and sets `data-theme` on `<html>`
 * (or `target`). Portals render under `<body>`, so they inherit the theme from `<html>`;
 * with another target, portalled kit parts re-apply it through `useThemeScopeProps`.
 */
export function ThemeProvider({
  children,
  theme,
  defaultTheme = 'dark',
  onThemeChange,
  storageKey = THEME_STORAGE_KEY,
  target = documentElement,
}: ThemeProviderProps) {
  const [initialTheme] = useState(() =>
    storageKey ? readStoredPreference(getStorage(), storageKey, defaultTheme) : defaultTheme,
  );
  const [preference, setPreference] = useControllableState({
    prop: theme,
    defaultProp: initialTheme,
    onChange: onThemeChange,
  });
  const systemIsDark = useSyncExternalStore(subscribeToColorScheme, prefersDark, prefersDarkOnServer);
  const resolvedTheme = resolveTheme(preference, systemIsDark);

  const setTheme = useCallback(
    (next: ThemePreference) => {
      setPreference(next);
      if (!storageKey) return;
      try {
        getStorage()?.setItem(storageKey, next);
      } catch {
        // Quota or privacy errors: the choice still applies for this visit.
      }
    },
    [setPreference, storageKey],
  );

  // Another tab chose a theme: follow it, as the pre-paint script would on the next load.
  useEffect(() => {
    if (!storageKey) return;
    const onStorage = (event: StorageEvent) => {
      if (event.key !== storageKey) return;
      setPreference(readStoredPreference(getStorage(), storageKey, defaultTheme));
    };
    window.addEventListener('storage', onStorage);
    return () => window.removeEventListener('storage', onStorage);
  }, [storageKey, defaultTheme, setPreference]);

  useIsomorphicLayoutEffect(() => {
    const element = typeof target === 'function' ? target() : target;
    if (!element) return;
    const previous = element.getAttribute(THEME_ATTRIBUTE);
    element.setAttribute(THEME_ATTRIBUTE, resolvedTheme);
    return () => {
      if (previous === null) element.removeAttribute(THEME_ATTRIBUTE);
      else element.setAttribute(THEME_ATTRIBUTE, previous);
    };
  }, [target, resolvedTheme]);

  const value = useMemo(() => ({ theme: preference, resolvedTheme, setTheme }), [preference, resolvedTheme, setTheme]);

  return (
    <ThemeContext.Provider value={value}>
      <ScopeThemeContext.Provider value={resolvedTheme}>{children}</ScopeThemeContext.Provider>
    </ThemeContext.Provider>
  );
}

/** The theme preference, the resolved theme and the setter. Must be used inside `ThemeProvider`. */
export function useTheme(): ThemeContextValue {
  const context = useContext(ThemeContext);
  if (!context) throw new Error('useTheme must be used inside <ThemeProvider>.');
  return context;
}

/**
 * Props that put portalled content (menus, tooltips, sheets) in the theme of the place it was
 * opened from. Empty outside any provider or scope, where content inherits from `<html>`.
 */
export function useThemeScopeProps(): { 'data-theme'?: ResolvedTheme } {
  const theme = useContext(ScopeThemeContext);
  return theme ? { 'data-theme': theme } : {};
}

export interface ThemeScopeProps extends ComponentPropsWithoutRef<'div'> {
  /** The theme for this subtree; the nearest provider's resolved theme when left out. */
  theme?: ResolvedTheme;
  /** Apply the scope to the single child element instead of a wrapping `<div>`. */
  asChild?: boolean;
}

/**
 * Draws a subtree in one theme (a light panel in a dark page, both themes side by side) and
 * makes menus opened inside it follow that theme.
 */
export const ThemeScope = forwardRef<HTMLDivElement, ThemeScopeProps>(function ThemeScope(
  { theme, asChild = false, className, ...rest },
  ref,
) {
  const inherited = useContext(ScopeThemeContext);
  const applied = theme ?? inherited ?? 'dark';
  const Comp = asChild ? Slot : 'div';
  return (
    <ScopeThemeContext.Provider value={applied}>
      <Comp
        ref={ref}
        data-slot="theme-scope"
        data-theme={applied}
        className={clsx(styles.scope, className)}
        {...rest}
      />
    </ScopeThemeContext.Provider>
  );
});
