import { chromiumPath } from './harness';

/** Fails fast, with the fix, when the browser suite cannot run here. */
export default function setup(): void {
  chromiumPath();
}
