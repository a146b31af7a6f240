/** Values shared by both themes. */
export const baseTokens = {
  space: {
    '0': '0',
    '1': '0.25rem',
    '2': '0.5rem',
    '3': '0.75rem',
    '4': '1rem',
    '5': '1.25rem',
    '6': '1.5rem',
    '8': '2rem',
    '10': '2.5rem',
    '12': '3rem',
  },
  radius: { sm: '0.25rem', md: '0.375rem', lg: '0.5rem', full: '9999px' },
  font: {
    body: 'ui-sans-serif, system-ui, -apple-system, "Segoe UI", Roboto, "Helvetica Neue", Arial, sans-serif',
    mono: 'ui-monospace, SFMono-Regular, Menlo, Consolas, "Liberation Mono", monospace',
  },
  fontSize: {
    xs: '0.75rem',
    sm: '0.875rem',
    md: '1rem',
    lg: '1.125rem',
    xl: '1.25rem',
    '2xl': '1.5rem',
  },
  fontWeight: { regular: '400', medium: '500', semibold: '600', bold: '700' },
  lineHeight: { tight: '1.25', normal: '1.5' },
  size: {
    sidebarWidth: '16rem',
    sidebarWidthMobile: '18rem',
    sidebarWidthIcon: '3rem',
    headerHeight: '3.5rem',
    control: '2.25rem',
    controlSm: '2rem',
  },
  duration: { fast: '120ms', normal: '200ms' },
  zIndex: { overlay: '50', popover: '60', tooltip: '70' },
} as const;

/**
 * The layout's one breakpoint (product spec, section 9): 768px wide or narrower is a phone. It is
 * a plain value rather than a `--dk-*` token because media queries cannot read CSS variables;
 * stylesheets use `MOBILE_MEDIA_QUERY`, and `useIsMobile` matches the same query.
 */
export const MOBILE_BREAKPOINT = 768;

/** Viewports this wide or narrower get the phone layout ("768px wide or narrower"). */
export const MOBILE_MEDIA_QUERY = `(max-width: ${MOBILE_BREAKPOINT}px)`;
