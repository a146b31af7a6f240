/** The user as the API returns it (spec section 3). */
export interface User {
  id: number | string;
  name: string;
  email: string;
}

/** The answer of login and register. */
export interface AuthResponse {
  user?: User | null;
  token?: string | null;
}
