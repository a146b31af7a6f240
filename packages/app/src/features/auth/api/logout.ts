import { http } from '../../../lib/http';
import { clearAuthOnLogout } from '../store';

/**
 * POST /api/logout, then clear all auth state whatever the answer: a failed call still signs the
 * user out here (spec section 4).
 */
export async function logout(): Promise<void> {
  try {
    await http.post<void>('/api/logout');
  } catch {
    // Nothing to do: the token is dropped locally either way.
  } finally {
    clearAuthOnLogout();
  }
}
