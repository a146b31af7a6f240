import './theme/themes.css';
import './theme/global.css';

export { vars } from './theme/contract.css';
export {
  THEME_ATTRIBUTE,
  THEME_STORAGE_KEY,
  resolveTheme,
  type ResolvedTheme,
  type ThemePreference,
} from './theme/theme-script';
