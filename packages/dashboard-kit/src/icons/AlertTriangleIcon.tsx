import { createIcon } from './createIcon';

/** A warning triangle: errors. */
export const AlertTriangleIcon = createIcon(
  'AlertTriangleIcon',
  <>
    <path d="M12 3L2 20h20z" />
    <path d="M12 10v4M12 17h.01" />
  </>,
);
