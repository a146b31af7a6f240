import { createIcon } from './createIcon';

/** A screen: follow the operating system. */
export const MonitorIcon = createIcon(
  'MonitorIcon',
  <>
    <rect x="3" y="4" width="18" height="12" rx="2" />
    <path d="M8 20h8M12 16v4" />
  </>,
);
