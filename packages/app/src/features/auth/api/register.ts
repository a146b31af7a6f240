import { http } from '../../../lib/http';
import { setSession } from '../store';
import type { AuthResponse, User } from '../types';

export interface RegistrationData {
  name: string;
  email: string;
  password: string;
  password_confirmation: string;
}

export const REGISTRATION_FAILED_MESSAGE = 'Registration failed: No user data or token returned';

/** POST /api/register; succeeds only when the answer carries both a user and a token (spec section 5). */
export async function register(data: RegistrationData): Promise<User> {
  const answer = await http.post<AuthResponse | undefined>('/api/register', data);
  if (!answer?.user || !answer.token) throw new Error(REGISTRATION_FAILED_MESSAGE);
  setSession(answer.user, answer.token);
  return answer.user;
}
