/**
 * CSS-free entry point: the theme contract for consumers' own `.css.ts` files.
 * `import { vars } from 'dashboard-kit/tokens'` pulls in no stylesheet.
 */
export { vars } from './theme/contract.css';
