import { http } from '../../../lib/http';
import { setSession } from '../store';
import type { RegisterRequest, SignedIn, User } from '@signaldeck/server/api-types';

export const REGISTRATION_FAILED_MESSAGE = 'Registration failed: No user data or token returned';

/** POST /api/register; succeeds only when the answer carries both a user and a token (spec section 5). */
export async function register(data: RegisterRequest): Promise<User> {
  const answer = await http.post<SignedIn | undefined>('/api/register', data);
  if (!answer?.user || !answer.token) throw new Error(REGISTRATION_FAILED_MESSAGE);
  setSession(answer.user, answer.token);
  return answer.user;
}
