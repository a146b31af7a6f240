import { beforeEach, describe, expect, it, vi } from 'vitest';

async function loadStore() {
  vi.resetModules();
  return import('./store');
}

const ada = { id: 1, name: 'Ada Lovelace', email: 'ada@example.com' };

beforeEach(() => localStorage.clear());

describe('given the auth store', () => {
  describe('when nothing is stored', () => {
    it('should start signed out', async () => {
      const { authState } = await loadStore();
      expect(authState.user).toBeNull();
      expect(authState.token).toBeNull();
      expect(authState.isAuthenticated).toBe(false);
    });
  });

  describe('after a session is set', () => {
    it('should be authenticated and persist user and token', async () => {
      const { authState, setSession } = await loadStore();
      setSession(ada, '1|abc');
      expect(authState.isAuthenticated).toBe(true);
      await Promise.resolve();
      expect(JSON.parse(localStorage.getItem('signaldeck.auth') ?? '{}')).toEqual({ user: ada, token: '1|abc' });
    });

    it('should be restored by a fresh load (a page reload)', async () => {
      localStorage.setItem('signaldeck.auth', JSON.stringify({ user: ada, token: '1|abc' }));
      const { authState } = await loadStore();
      expect(authState.user).toEqual(ada);
      expect(authState.isAuthenticated).toBe(true);
    });
  });

  describe("after a 401 ended this tab's session", () => {
    it('should say so until another tab signs in or out, which is the latest word', async () => {
      const { authState, setSession, clearAuth, SESSION_ENDED_NOTICE } = await loadStore();
      setSession(ada, '1|abc');
      clearAuth();
      expect(authState.notice).toBe(SESSION_ENDED_NOTICE);

      // Another tab signs in (its session stored, the notice removed), then signs out on purpose: this tab follows,
      // and the old notice goes.
      const grace = { id: 2, name: 'Grace Hopper', email: 'grace@example.com' };
      localStorage.setItem('signaldeck.auth', JSON.stringify({ user: grace, token: '2|def' }));
      window.dispatchEvent(new StorageEvent('storage', { key: 'signaldeck.auth' }));
      localStorage.removeItem('signaldeck.auth.notice');
      window.dispatchEvent(new StorageEvent('storage', { key: 'signaldeck.auth.notice' }));
      expect(authState.user).toEqual(grace);
      localStorage.removeItem('signaldeck.auth');
      window.dispatchEvent(new StorageEvent('storage', { key: 'signaldeck.auth' }));
      expect(authState.isAuthenticated).toBe(false);
      expect(authState.notice).toBeNull();
    });
  });

  describe('with two tabs open when a 401 ends the session in one', () => {
    it('should say in both that the session has ended, and in neither after a deliberate sign-out', async () => {
      localStorage.setItem('signaldeck.auth', JSON.stringify({ user: ada, token: '1|abc' }));
      const first = await loadStore();
      const second = await loadStore();
      // The browser tells the other tab of each change to the stored session.
      const tellOtherTab = async () => {
        await Promise.resolve();
        window.dispatchEvent(new StorageEvent('storage', { key: 'signaldeck.auth' }));
        window.dispatchEvent(new StorageEvent('storage', { key: 'signaldeck.auth.notice' }));
      };

      first.clearAuth();
      await tellOtherTab();
      expect(second.authState.isAuthenticated).toBe(false);
      expect(second.authState.notice).toBe(first.SESSION_ENDED_NOTICE);

      first.setSession(ada, '1|new');
      await tellOtherTab();
      expect(second.authState.token).toBe('1|new');
      expect(second.authState.notice).toBeNull();
      first.clearAuthOnLogout();
      await tellOtherTab();
      expect(second.authState.isAuthenticated).toBe(false);
      expect(second.authState.notice).toBeNull();
      expect(localStorage.getItem('signaldeck.auth')).toBeNull();
      expect(localStorage.getItem('signaldeck.auth.notice')).toBeNull();
    });
  });

  describe('when a 401 answers a request sent with a token no longer held', () => {
    it('should leave the session signed in since as it is', async () => {
      const { authState, setSession, clearAuth } = await loadStore();
      setSession(ada, '1|new');
      // A request sent with the session before (another sign-in came between), answered 401 late.
      clearAuth('1|old');
      expect(authState.token).toBe('1|new');
      expect(authState.notice).toBeNull();
      clearAuth('1|new');
      expect(authState.isAuthenticated).toBe(false);
    });
  });

  describe('with two tabs open when a 401 ends the session in one', () => {
    it('should write nothing back of what it hears, so that a revoked token is not sent back and forth', async () => {
      localStorage.setItem('signaldeck.auth', JSON.stringify({ user: ada, token: '1|abc' }));
      const other = await loadStore();
      const writes = vi.spyOn(Storage.prototype, 'setItem');
      const removes = vi.spyOn(Storage.prototype, 'removeItem');
      try {
        // The other tab ended the session; this tab hears the notice first, its view of the session a step behind.
        localStorage.setItem('signaldeck.auth.notice', other.SESSION_ENDED_NOTICE);
        writes.mockClear();
        window.dispatchEvent(new StorageEvent('storage', { key: 'signaldeck.auth.notice' }));
        await Promise.resolve();
        expect(writes).not.toHaveBeenCalled();
        expect(removes).not.toHaveBeenCalled();
      } finally {
        writes.mockRestore();
        removes.mockRestore();
      }
    });
  });

  describe('when only one of user and token is held', () => {
    it('should not be authenticated', async () => {
      localStorage.setItem('signaldeck.auth', JSON.stringify({ user: ada, token: null }));
      const { authState } = await loadStore();
      expect(authState.isAuthenticated).toBe(false);
      authState.user = null;
      authState.token = '1|abc';
      expect(authState.isAuthenticated).toBe(false);
    });
  });

  describe('when the stored value is corrupt', () => {
    it('should start signed out instead of failing', async () => {
      localStorage.setItem('signaldeck.auth', '{not json');
      const { authState } = await loadStore();
      expect(authState.isAuthenticated).toBe(false);
    });
  });

  describe('after clearAuth', () => {
    it('should clear everything, in memory and in storage', async () => {
      const { authState, setSession, clearAuth } = await loadStore();
      setSession(ada, '1|abc');
      await Promise.resolve();
      clearAuth();
      await Promise.resolve();
      expect(authState.user).toBeNull();
      expect(authState.token).toBeNull();
      expect(localStorage.getItem('signaldeck.auth')).toBeNull();
    });
  });
});
