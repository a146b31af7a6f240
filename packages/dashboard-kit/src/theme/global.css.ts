import { globalStyle } from '@vanilla-extract/css';
import { vars } from './contract.css';

/**
 * The only global rules the kit ships, and none of them reaches past the kit's theme: a page that
 * loads the stylesheet without applying a theme keeps its own colours, fonts and body margin.
 *
 * - `color-scheme` (native scrollbars and form controls) wherever a theme is applied.
 * - Page colours and type on `<body>` only when `<html>` carries the theme, which `ThemeProvider`
 *   (its default target is `<html>`) and the pre-paint script set. A theme kept on a subtree
 *   (`ThemeScope`, a provider with its own target) paints that subtree, never the body.
 *   `:where()` gives the rule no weight, so the consumer's own `body` rules win.
 * - Box sizing inside kit roots (`data-dk-root`).
 */
globalStyle('[data-theme="light"]', { colorScheme: 'light' });
globalStyle('[data-theme="dark"]', { colorScheme: 'dark' });

globalStyle(':where(html[data-theme="light"] > body, html[data-theme="dark"] > body)', {
  margin: 0,
  background: vars.color.background,
  color: vars.color.foreground,
  fontFamily: vars.font.body,
  fontSize: vars.fontSize.sm,
  lineHeight: vars.lineHeight.normal,
  WebkitFontSmoothing: 'antialiased',
});

globalStyle('[data-dk-root] *, [data-dk-root] *::before, [data-dk-root] *::after', {
  boxSizing: 'border-box',
});
