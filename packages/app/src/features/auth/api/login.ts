import { http } from '../../../lib/http';
import { setSession } from '../store';
import type { LoginRequest, SignedIn, User } from '@signaldeck/server/api-types';

export const LOGIN_FAILED_MESSAGE = 'Login failed: No user data or token returned';

/** POST /api/login; succeeds only when the answer carries both a user and a token (spec section 5). */
export async function login(credentials: LoginRequest): Promise<User> {
  const answer = await http.post<SignedIn | undefined>('/api/login', credentials);
  if (!answer?.user || !answer.token) throw new Error(LOGIN_FAILED_MESSAGE);
  setSession(answer.user, answer.token);
  return answer.user;
}
