import { globalStyle } from '@vanilla-extract/css';
import { vars } from './contract.css';

/**
 * The only global rules the kit ships: page colours and box sizing for the document the kit
 * renders into. Everything else is scoped to a component's own classes.
 */
globalStyle(':root', { colorScheme: 'dark' });
globalStyle('[data-theme="light"]', { colorScheme: 'light' });
globalStyle('[data-theme="dark"]', { colorScheme: 'dark' });

globalStyle('body', {
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
