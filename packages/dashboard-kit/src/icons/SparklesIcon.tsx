import { createIcon } from './createIcon';

/** Sparkles: an upgrade. */
export const SparklesIcon = createIcon(
  'SparklesIcon',
  <>
    <path d="M11 3l1.8 5.2L18 10l-5.2 1.8L11 17l-1.8-5.2L4 10l5.2-1.8z" />
    <path d="M19 15v5M16.5 17.5h5" />
  </>,
);
