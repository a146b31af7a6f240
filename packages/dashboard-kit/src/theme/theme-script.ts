/**
 * The pre-paint theme script. Serve it as an external, render-blocking script in <head>
 * (a strict CSP forbids inline scripts) so the stored theme is applied before first paint.
 * `themeScript` is its source text; this module is CSS-free.
 */
export const THEME_STORAGE_KEY = 'dk-theme';
export const THEME_ATTRIBUTE = 'data-theme';

export type ThemePreference = 'light' | 'dark' | 'system';
export type ResolvedTheme = 'light' | 'dark';

export function resolveTheme(preference: ThemePreference, prefersDark: boolean): ResolvedTheme {
  if (preference === 'system') return prefersDark ? 'dark' : 'light';
  return preference;
}

export function readStoredPreference(
  storage: Pick<Storage, 'getItem'> | undefined,
  key = THEME_STORAGE_KEY,
  fallback: ThemePreference = 'dark',
): ThemePreference {
  try {
    const value = storage?.getItem(key);
    return value === 'light' || value === 'dark' || value === 'system' ? value : fallback;
  } catch {
    return fallback;
  }
}

export const themeScript = `(function(){try{var k=${JSON.stringify(THEME_STORAGE_KEY)};var p=localStorage.getItem(k);if(p!=="light"&&p!=="dark"&&p!=="system")p="dark";var t=p==="system"?(matchMedia("(prefers-color-scheme: dark)").matches?"dark":"light"):p;document.documentElement.setAttribute(${JSON.stringify(THEME_ATTRIBUTE)},t);}catch(e){document.documentElement.setAttribute(${JSON.stringify(THEME_ATTRIBUTE)},"dark");}})();`;
