import useSWR from 'swr';
import type {
  DeleteAccountRequest,
  ExportFormat,
  PasswordChanged,
  PasswordChangeRequest,
  ProfileRequest,
  SessionList,
  SessionsSignedOut,
  User,
} from '@signaldeck/server/api-types';
import { env } from '../../../config/env';
import { HttpError, authHeaders, http } from '../../../lib/http';
import { clearAuthOnLogout, setUser } from '../../auth/store';

export const SESSIONS_KEY = '/api/account/sessions';
export const ACCOUNT_DELETED_NOTICE = 'Your account and all its data have been deleted.';

/** PATCH /api/account/profile; the signed-in user everywhere (the header's menu) becomes the answer. */
export async function updateProfile(body: ProfileRequest): Promise<User> {
  const user = await http.patch<User>('/api/account/profile', body);
  setUser(user);
  return user;
}

/** PUT /api/account/password: every other session is signed out, this one stays. */
export function changePassword(body: PasswordChangeRequest): Promise<PasswordChanged> {
  return http.put<PasswordChanged>('/api/account/password', body);
}

/** GET /api/account/sessions, most recently used first. */
export function useSessions() {
  return useSWR<SessionList>(SESSIONS_KEY, { revalidateOnFocus: true });
}

export function signOutSession(id: string): Promise<void> {
  return http.delete<void>(`/api/account/sessions/${encodeURIComponent(id)}`);
}

export function signOutOtherSessions(): Promise<SessionsSignedOut> {
  return http.post<SessionsSignedOut>('/api/account/sessions/sign-out-others');
}

/** The file name the server gave in Content-Disposition, else a plain one. */
function fileName(response: Response, format: ExportFormat): string {
  const match = /filename="([\w.-]+)"/.exec(response.headers.get('content-disposition') ?? '');
  return match?.[1] ?? `signaldeck-export.${format}`;
}

/**
 * GET /api/account/export as a download. The API takes the bearer header only (never a cookie), which a plain link
 * cannot send: the file is fetched, then handed to the browser as a blob URL to save.
 */
export async function downloadExport(format: ExportFormat): Promise<string> {
  const response = await fetch(`${env.apiUrl}/api/account/export?format=${encodeURIComponent(format)}`, {
    credentials: 'omit',
    headers: authHeaders(),
  });
  if (!response.ok) {
    const body = (await response.json().catch(() => null)) as { message?: unknown } | null;
    const message = typeof body?.message === 'string' ? body.message : `Export failed with status ${response.status}`;
    throw new HttpError(message, response.status);
  }
  const name = fileName(response, format);
  const url = URL.createObjectURL(await response.blob());
  const link = document.createElement('a');
  link.href = url;
  link.download = name;
  document.body.append(link);
  link.click();
  link.remove();
  setTimeout(() => URL.revokeObjectURL(url), 60_000);
  return name;
}

/** POST /api/account/delete; on success the session is gone: signed out, with a notice for the login page. */
export async function deleteAccount(body: DeleteAccountRequest): Promise<void> {
  await http.post<void>('/api/account/delete', body);
  clearAuthOnLogout(ACCOUNT_DELETED_NOTICE);
}
