import { createIcon } from './createIcon';

/** An arrow pointing up: ascending sort. */
export const ArrowUpIcon = createIcon('ArrowUpIcon', <path d="M12 19V5M6 11l6-6 6 6" />);
