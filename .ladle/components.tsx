import { ActionType, ThemeState, type GlobalProvider } from '@ladle/react';
import type { ReactNode } from 'react';
import { ThemeProvider, ThemeScope, useTheme } from '../packages/dashboard-kit/src/components/ThemeProvider';
import type { ThemePreference } from '../packages/dashboard-kit/src/theme/theme-script';
import '../packages/dashboard-kit/src/theme/themes.css';
import '../packages/dashboard-kit/src/theme/global.css';

const toPreference = (theme: ThemeState): ThemePreference => (theme === ThemeState.Auto ? 'system' : theme);
const toLadleTheme = (preference: ThemePreference): ThemeState =>
  preference === 'system' ? ThemeState.Auto : preference === 'light' ? ThemeState.Light : ThemeState.Dark;

/** Draws every story in the provider's resolved theme; menus opened inside re-apply it. */
function ThemedStory({ children }: { children: ReactNode }) {
  const { resolvedTheme } = useTheme();
  return (
    <ThemeScope theme={resolvedTheme} data-dk-root="" style={{ padding: '1rem' }}>
      {children}
    </ThemeScope>
  );
}

/**
 * Ladle's theme switch and the kit's ThemeProvider are one state: flipping Ladle's switch changes
 * the provider, and a ThemeToggle in a story moves Ladle's switch. Ladle writes its own
 * `data-theme` on <html> (including "auto"), so the provider applies the theme to the story's
 * wrapper instead of <html>, and stores nothing.
 */
export const Provider: GlobalProvider = ({ children, globalState, dispatch }) => (
  <ThemeProvider
    theme={toPreference(globalState.theme)}
    onThemeChange={(preference) => dispatch({ type: ActionType.UpdateTheme, value: toLadleTheme(preference) })}
    storageKey={null}
    target={null}
  >
    <ThemedStory>{children}</ThemedStory>
  </ThemeProvider>
);
