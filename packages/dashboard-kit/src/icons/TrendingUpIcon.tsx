import { createIcon } from './createIcon';

/** A rising line with an arrow head: performance. */
export const TrendingUpIcon = createIcon('TrendingUpIcon', <path d="M3 17l6-6 4 4 8-8M15 7h6v6" />);
