import { createIcon } from './createIcon';

/** A window with a left panel: show or hide the sidebar. */
export const PanelLeftIcon = createIcon(
  'PanelLeftIcon',
  <>
    <rect x="3" y="4" width="18" height="16" rx="2" />
    <path d="M9 4v16" />
  </>,
);
