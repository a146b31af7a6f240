/**
 * The sidebar's constants (product spec, section 9). They live in their own module because
 * three readers need them: the components, their stylesheet (a `.css.ts` file cannot import a
 * React module) and `useIsMobile`. The widths repeat the theme tokens `vars.size.sidebarWidth*`,
 * which is what the styles read; a test keeps the two in step.
 */
export const SIDEBAR_COOKIE_NAME = 'sidebar_state';
export const SIDEBAR_COOKIE_MAX_AGE = 60 * 60 * 24 * 7;
export const SIDEBAR_WIDTH = '16rem';
export const SIDEBAR_WIDTH_MOBILE = '18rem';
export const SIDEBAR_WIDTH_ICON = '3rem';
export const SIDEBAR_KEYBOARD_SHORTCUT = 'b';
export const MOBILE_BREAKPOINT = 768;

/** Viewports this wide or narrower get the mobile sheet ("768px wide or narrower"). */
export const MOBILE_MEDIA_QUERY = `(max-width: ${MOBILE_BREAKPOINT}px)`;
