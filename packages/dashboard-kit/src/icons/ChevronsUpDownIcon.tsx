import { createIcon } from './createIcon';

/** Two chevrons: a trigger that opens a menu. */
export const ChevronsUpDownIcon = createIcon('ChevronsUpDownIcon', <path d="M8 9l4-4 4 4M8 15l4 4 4-4" />);
