export {
  ThemeProvider,
  ThemeScope,
  useTheme,
  useThemeScopeProps,
  type ThemeContextValue,
  type ThemeProviderProps,
  type ThemeScopeProps,
  type ThemeTarget,
} from './ThemeProvider';
