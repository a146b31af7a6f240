import { createIcon } from './createIcon';

/** A right chevron: breadcrumb separators and submenus. */
export const ChevronRightIcon = createIcon('ChevronRightIcon', <path d="M9 6l6 6-6 6" />);
