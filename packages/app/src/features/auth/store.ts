import { proxy } from 'valtio';
import type { User } from '@signaldeck/server/api-types';

export const AUTH_STORAGE_KEY = 'signaldeck.auth';
/** Why the session ended, kept while signed out so the browser's other tabs say it too (the session is theirs). */
export const AUTH_NOTICE_STORAGE_KEY = 'signaldeck.auth.notice';

interface AuthState {
  user: User | null;
  token: string | null;
  /** Set when the user logged out on purpose (not by a 401), so the guard sends them to plain /login. */
  loggedOut: boolean;
  /** A message for the login page after the session ended on purpose ("Your account has been deleted."). */
  notice: string | null;
  /** True only when both a user and a token are held (spec section 4). */
  readonly isAuthenticated: boolean;
}

interface PersistedAuth {
  user: User | null;
  token: string | null;
}

function isUser(value: unknown): value is User {
  if (typeof value !== 'object' || value === null) return false;
  const v = value as Record<string, unknown>;
  return (
    (typeof v.id === 'number' || typeof v.id === 'string') && typeof v.name === 'string' && typeof v.email === 'string'
  );
}

function readPersisted(): PersistedAuth {
  try {
    const raw = localStorage.getItem(AUTH_STORAGE_KEY);
    if (!raw) return { user: null, token: null };
    const parsed = JSON.parse(raw) as Record<string, unknown>;
    return {
      user: isUser(parsed.user) ? parsed.user : null,
      token: typeof parsed.token === 'string' && parsed.token ? parsed.token : null,
    };
  } catch {
    return { user: null, token: null };
  }
}

/** The notice another tab kept (see AUTH_NOTICE_STORAGE_KEY), at most a sentence long. */
function readNotice(): string | null {
  try {
    return localStorage.getItem(AUTH_NOTICE_STORAGE_KEY)?.slice(0, 200) || null;
  } catch {
    return null;
  }
}

const initial = readPersisted();

/** Counts the changes to the user made in this tab (a sign-in, a saved profile, another tab's): see beginUserRead. */
let userChanges = 0;

export const authState = proxy<AuthState>({
  user: initial.user,
  token: initial.token,
  loggedOut: false,
  notice: null,
  get isAuthenticated() {
    return this.user !== null && this.token !== null;
  },
});

/**
 * Writes this tab's session to storage, where the browser's other tabs hear of it. Called by the changes this tab
 * makes, never by one heard from another tab: a tab that wrote back what it heard (its own view of storage can lag a
 * step behind) sent a revoked token back and forth between two tabs, each 401 ending the other's session again.
 */
function persist(): void {
  try {
    const signedOut = authState.user === null && authState.token === null;
    if (signedOut) localStorage.removeItem(AUTH_STORAGE_KEY);
    else localStorage.setItem(AUTH_STORAGE_KEY, JSON.stringify({ user: authState.user, token: authState.token }));
    if (signedOut && authState.notice !== null) localStorage.setItem(AUTH_NOTICE_STORAGE_KEY, authState.notice);
    else localStorage.removeItem(AUTH_NOTICE_STORAGE_KEY);
  } catch {
    // Storage may be full or disabled; the session still works for this tab.
  }
}

/** Another tab signed in or out: follow it, so two tabs never disagree about who is signed in. */
if (typeof window !== 'undefined') {
  window.addEventListener('storage', (event) => {
    if (event.key !== AUTH_STORAGE_KEY && event.key !== AUTH_NOTICE_STORAGE_KEY) return;
    const next = readPersisted();
    userChanges += 1;
    authState.user = next.user;
    authState.token = next.token;
    // Another tab's word is the latest: its notice when its session ended (a revoked session is this tab's too),
    // none after its sign-in or deliberate sign-out (a notice of this tab's own ended session no longer applies).
    // Each of its writes is heard on its own; the last one heard leaves this tab as that tab is. Nothing is written
    // back (see persist).
    authState.notice = readNotice();
  });
}

export function setSession(user: User, token: string): void {
  userChanges += 1;
  authState.user = user;
  authState.token = token;
  authState.loggedOut = false;
  authState.notice = null;
  persist();
}

/** A user this tab changed (a saved profile): it replaces the stored one, and no read begun before it can undo it. */
export function setUser(user: User): void {
  userChanges += 1;
  authState.user = user;
  persist();
}

/**
 * A read of the user from the server, begun now: the returned function stores its answer, unless the user changed
 * here meanwhile (a profile saved while a page load's GET /api/user was still on its way), as that answer is older.
 */
export function beginUserRead(): (user: User) => void {
  const begunAt = userChanges;
  return (user) => {
    if (begunAt !== userChanges) return;
    authState.user = user;
    persist();
  };
}

/** What the login page says after a 401 ended a session this tab held (revoked elsewhere, or expired). */
export const SESSION_ENDED_NOTICE = 'Your session has ended. Sign in again to go on.';

/**
 * Clears all auth state (logout, any 401). When a session was held, the login page says it ended: without that, a
 * session revoked from another device dropped the trader on the sign-in form with no word of why. `sentToken` is the
 * token a 401 answered: an answer for a session no longer held (a request sent before another sign-in) clears nothing.
 */
export function clearAuth(sentToken?: string | null): void {
  if (sentToken !== undefined && sentToken !== authState.token) return;
  if (authState.token !== null) authState.notice = SESSION_ENDED_NOTICE;
  authState.user = null;
  authState.token = null;
  persist();
}

/** Clears all auth state because the user chose to log out (or deleted their account: `notice` says so). */
export function clearAuthOnLogout(notice: string | null = null): void {
  authState.user = null;
  authState.token = null;
  authState.loggedOut = true;
  authState.notice = notice;
  persist();
}
