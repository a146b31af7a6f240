import type { Params } from 'react-router-dom';
import { proxy } from 'valtio';

export interface Crumb {
  label: string;
  to?: string;
}

export interface BreadcrumbContext {
  params: Params;
  searchParams: URLSearchParams;
}

/** What each route declares about itself: its page title and its breadcrumbs. */
export interface RouteHandle {
  title?: string;
  breadcrumb?: (context: BreadcrumbContext) => Crumb[];
}

export const PRODUCT_NAME = 'SignalDeck';

/** The browser title is "{title} | {product name}" (spec section 2). */
export function documentTitle(title: string | undefined): string {
  return title ? `${title} | ${PRODUCT_NAME}` : PRODUCT_NAME;
}

/**
 * A title that wins over the routes' own while it is set: a page that failed shows its error's title, although its
 * route (still matched) declares another.
 */
export const titleOverride = proxy<{ title: string | null }>({ title: null });
