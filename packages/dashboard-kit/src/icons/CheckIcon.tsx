import { createIcon } from './createIcon';

/** A tick: a checked menu item. */
export const CheckIcon = createIcon('CheckIcon', <path d="M5 12.5l4.5 4.5L19 7" />);
