import { createIcon } from './createIcon';

/** An arrow entering a door: log in, or where a trade was entered. */
export const LogInIcon = createIcon(
  'LogInIcon',
  <path d="M15 3h4a2 2 0 0 1 2 2v14a2 2 0 0 1-2 2h-4M10 17l5-5-5-5M15 12H3" />,
);
