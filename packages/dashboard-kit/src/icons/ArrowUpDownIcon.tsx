import { createIcon } from './createIcon';

/** Arrows up and down: a column that can be sorted but is not. */
export const ArrowUpDownIcon = createIcon('ArrowUpDownIcon', <path d="M8 20V4M4 8l4-4 4 4M16 4v16M12 16l4 4 4-4" />);
