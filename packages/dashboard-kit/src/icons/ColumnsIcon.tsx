import { createIcon } from './createIcon';

/** Three columns: choosing which columns a table shows. */
export const ColumnsIcon = createIcon(
  'ColumnsIcon',
  <>
    <rect x="3" y="4" width="18" height="16" rx="2" />
    <path d="M9 4v16M15 4v16" />
  </>,
);
