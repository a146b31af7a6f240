/**
 * CSS-free entry point: the theme contract and the breakpoint for consumers' own `.css.ts` files.
 * `import { vars, MOBILE_MEDIA_QUERY } from 'dashboard-kit/tokens'` pulls in no stylesheet.
 */
export { vars } from './theme/contract.css';
export { MOBILE_BREAKPOINT, MOBILE_MEDIA_QUERY } from './theme/tokens';
