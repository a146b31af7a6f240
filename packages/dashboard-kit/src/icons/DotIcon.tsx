import { createIcon } from './createIcon';

/** A filled dot: the chosen radio item. */
export const DotIcon = createIcon('DotIcon', <circle cx="12" cy="12" r="4" fill="currentColor" stroke="none" />);
