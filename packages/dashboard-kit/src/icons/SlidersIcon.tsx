import { createIcon } from './createIcon';

/** Three sliders: settings. */
export const SlidersIcon = createIcon(
  'SlidersIcon',
  <>
    <path d="M4 6h3M11 6h9M4 12h9M17 12h3M4 18h1M9 18h11" />
    <circle cx="9" cy="6" r="2" />
    <circle cx="15" cy="12" r="2" />
    <circle cx="7" cy="18" r="2" />
  </>,
);
