import { createIcon } from './createIcon';

/** An inbox tray: nothing here yet. */
export const InboxIcon = createIcon(
  'InboxIcon',
  <>
    <path d="M3 13l3-8h12l3 8v6a1 1 0 0 1-1 1H4a1 1 0 0 1-1-1z" />
    <path d="M3 13h5l1.5 2.5h5L16 13h5" />
  </>,
);
