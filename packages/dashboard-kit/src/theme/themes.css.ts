import { createGlobalTheme } from '@vanilla-extract/css';
import { vars } from './contract.css';
import { darkColors, lightColors } from './palettes';
import { baseTokens } from './tokens';

/**
 * Dark is the default: it applies at :root and wherever `data-theme="dark"` is set.
 * Light applies wherever `data-theme="light"` is set (declared after dark so it wins at equal
 * specificity). Portals re-apply `data-theme` so they follow the active theme.
 */
createGlobalTheme(':root, [data-theme="dark"]', vars, {
  ...baseTokens,
  color: darkColors,
  shadow: {
    sm: '0 1px 2px rgba(0, 0, 0, 0.4)',
    md: '0 4px 12px rgba(0, 0, 0, 0.45)',
    lg: '0 12px 32px rgba(0, 0, 0, 0.55)',
  },
});

createGlobalTheme('[data-theme="light"]', vars, {
  ...baseTokens,
  color: lightColors,
  shadow: {
    sm: '0 1px 2px rgba(15, 23, 42, 0.08)',
    md: '0 4px 12px rgba(15, 23, 42, 0.12)',
    lg: '0 12px 32px rgba(15, 23, 42, 0.18)',
  },
});
