import { createIcon } from './createIcon';

/** Two right chevrons: jump to the latest data. */
export const ChevronsRightIcon = createIcon(
  'ChevronsRightIcon',
  <>
    <path d="M6 6l6 6-6 6" />
    <path d="M13 6l6 6-6 6" />
  </>,
);
