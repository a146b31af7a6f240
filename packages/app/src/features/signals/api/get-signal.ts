import { http } from '../../../lib/http';
import type { Signal } from '../types';

/** GET /api/signals/{id}: one signal with its raw body. */
export function fetchSignal(id: string): Promise<Signal> {
  return http.get<Signal>(`/api/signals/${encodeURIComponent(id)}`);
}
