import { createIcon } from './createIcon';

/** An arrow pointing down: descending sort. */
export const ArrowDownIcon = createIcon('ArrowDownIcon', <path d="M12 5v14M6 13l6 6 6-6" />);
