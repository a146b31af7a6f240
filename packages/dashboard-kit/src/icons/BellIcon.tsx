import { createIcon } from './createIcon';

/** A bell: notifications. */
export const BellIcon = createIcon(
  'BellIcon',
  <>
    <path d="M6 9a6 6 0 0 1 12 0c0 6 2.5 8 2.5 8h-17S6 15 6 9z" />
    <path d="M10 20.5a2 2 0 0 0 4 0" />
  </>,
);
