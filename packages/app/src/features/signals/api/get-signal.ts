import { http } from '../../../lib/http';
import type { SignalWithRaw } from '@signaldeck/server/api-types';

/** GET /api/signals/{id}: one signal with its raw body. */
export function fetchSignal(id: string): Promise<SignalWithRaw> {
  return http.get<SignalWithRaw>(`/api/signals/${encodeURIComponent(id)}`);
}
