import { createIcon } from './createIcon';

/** Three quarters of a circle: spun while something loads. */
export const SpinnerIcon = createIcon('SpinnerIcon', <path d="M12 3a9 9 0 1 0 9 9" />);
