import { createIcon } from './createIcon';

/** A pulse line: incoming signals. */
export const ActivityIcon = createIcon('ActivityIcon', <path d="M3 12h4l3-7 4 14 3-7h4" />);
