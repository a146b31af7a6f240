/**
 * The sidebar's constants (product spec, section 9). They live in their own module because
 * the components and their stylesheet (a `.css.ts` file cannot import a React module) both need
 * them. The widths repeat the theme tokens `vars.size.sidebarWidth*`, which is what the styles
 * read; a test keeps the two in step. The mobile breakpoint belongs to the theme; it is
 * re-exported here, where the sidebar's users have always found it.
 */
export const SIDEBAR_COOKIE_NAME = 'sidebar_state';
export const SIDEBAR_COOKIE_MAX_AGE = 60 * 60 * 24 * 7;
export const SIDEBAR_WIDTH = '16rem';
export const SIDEBAR_WIDTH_MOBILE = '18rem';
export const SIDEBAR_WIDTH_ICON = '3rem';
export const SIDEBAR_KEYBOARD_SHORTCUT = 'b';
export { MOBILE_BREAKPOINT, MOBILE_MEDIA_QUERY } from '../../theme/tokens';
