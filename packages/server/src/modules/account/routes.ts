import { Readable } from 'node:stream';
import { z } from 'zod';
import type { AppModule } from '../../context';
import { password, user } from '../../openapi/examples';
import { ERRORS, errorResponse, jsonResponse, noContent, rateLimited } from '../../openapi/registry';
import { ACCOUNT_BUSY_RESPONSE } from '../../http/account-queue';
import { AUTH_BODY_LIMIT_BYTES } from '../auth/routes';
import { authenticatedUser } from '../auth/require-auth';
import { userSchema } from '../auth/schemas';
import { EXPORT_FILES, exportChunks } from './export';
import {
  deleteAccountBody,
  exportQuery,
  passwordBody,
  passwordChangedSchema,
  profileBody,
  sessionListSchema,
  sessionParams,
  signedOutSchema,
} from './schemas';
import { AccountService } from './service';

const TAG = 'Account';
/** An export holds its account's turn among heavy requests (http/account-queue.ts) for this long at most. */
export const EXPORT_TURN_MS = 30_000;
const WRONG_PASSWORD_429 = rateLimited(
  'Too many wrong passwords for this account, from this address or from all together (the login limits, RATE_LIMIT_LOGIN_FAILURES_PER_MINUTE).',
  'Too many wrong passwords. Please try again in 42 seconds.',
);
const PASSWORD_CHECK =
  'A wrong current password is a 422 on `current_password`, and counts against the login limit of failures per account and address.';

/**
 * Account: the signed-in trader's profile, password, sessions, data export and account deletion. Every route needs
 * a bearer token (the API uses no cookies, so a page on another site cannot make a browser call these for the
 * trader: no CSRF), and the ones that change who can sign in ask for the current password.
 */
export const accountRoutes: AppModule = async (
  app,
  { database, clock, tokens, loginThrottle, requireAuth, accountQueue },
) => {
  const account = new AccountService(database.db, tokens, loginThrottle, clock, (work) => app.paper.exclusive(work));
  const auth = { preValidation: requireAuth };
  const common = { 401: ERRORS.unauthenticated, 503: ERRORS.unavailable };
  const withBody = {
    400: ERRORS.malformedJson,
    413: ERRORS.payloadTooLarge,
    415: ERRORS.unsupportedMediaType,
  };
  const tokenIdOf = (request: { accessTokenId: number | null }) => request.accessTokenId!;

  app.patch(
    '/api/account/profile',
    {
      ...auth,
      bodyLimit: AUTH_BODY_LIMIT_BYTES,
      schema: {
        operationId: 'updateProfile',
        summary: 'Change name and email',
        description: [
          'Changes the name and email, read as at registration (a name of 1 to 100 characters; a valid email, trimmed',
          'and lower-cased, that no other account has: else a 422 on `email`). Changing the email needs',
          `\`current_password\`. ${PASSWORD_CHECK}`,
        ].join(' '),
        tags: [TAG],
        body: profileBody,
        bodyExample: { name: 'Ada King', email: 'ada.king@example.com', current_password: password },
        response: {
          200: jsonResponse('The updated user.', userSchema, {
            ...user,
            name: 'Ada King',
            email: 'ada.king@example.com',
          }),
          ...withBody,
          422: errorResponse('Invalid input, a taken email, or a wrong current password.', {
            message: 'The email has already been taken.',
            errors: { email: ['The email has already been taken.'] },
          }),
          429: WRONG_PASSWORD_429,
          ...common,
        },
      },
    },
    async (request) => account.updateProfile(authenticatedUser(request), request.body, request.ip),
  );

  app.put(
    '/api/account/password',
    {
      ...auth,
      bodyLimit: AUTH_BODY_LIMIT_BYTES,
      schema: {
        operationId: 'changePassword',
        summary: 'Change the password',
        description: [
          'Sets a new password (8 to 128 characters, refused as registration refuses one, `password_confirmation` equal to it) after checking the current one.',
          `${PASSWORD_CHECK} Every other session is signed out (its token revoked, its live streams ended); this one stays.`,
        ].join(' '),
        tags: [TAG],
        body: passwordBody,
        bodyExample: {
          current_password: password,
          password: 'a longer passphrase',
          password_confirmation: 'a longer passphrase',
        },
        response: {
          200: jsonResponse('Changed; other sessions signed out.', passwordChangedSchema, { signedOutSessions: 2 }),
          ...withBody,
          422: errorResponse('Invalid input, or a wrong current password.', {
            message: 'The current password is incorrect.',
            errors: { current_password: ['The current password is incorrect.'] },
          }),
          429: WRONG_PASSWORD_429,
          ...common,
        },
      },
    },
    async (request) => ({
      signedOutSessions: await account.changePassword(
        authenticatedUser(request),
        tokenIdOf(request),
        request.body,
        request.ip,
      ),
    }),
  );

  app.get(
    '/api/account/sessions',
    {
      ...auth,
      schema: {
        operationId: 'listSessions',
        summary: 'List active sessions',
        description:
          'Every session that can still sign in requests: browser and device read from its User-Agent, the address it signed in from, when it signed in and when it was last used (to the minute). The one making this request has `current: true`.',
        tags: [TAG],
        response: {
          200: jsonResponse('The sessions.', sessionListSchema, {
            data: [
              {
                id: '12',
                browser: 'Chrome',
                device: 'macOS',
                ip: '203.0.113.7',
                createdAt: 1749033000000,
                lastUsedAt: 1749036600000,
                current: true,
              },
            ],
          }),
          ...common,
        },
      },
    },
    async (request) => ({ data: await account.sessions(authenticatedUser(request).id, tokenIdOf(request)) }),
  );

  app.delete(
    '/api/account/sessions/:id',
    {
      ...auth,
      schema: {
        operationId: 'signOutSession',
        summary: 'Sign out a session',
        description:
          "Revokes one of the trader's sessions and ends its live streams. Another user's session, or one that is gone, is a 404.",
        tags: [TAG],
        params: sessionParams,
        response: {
          204: noContent('Signed out.'),
          404: errorResponse('No such session of this user.', { message: 'No such session.' }),
          ...common,
        },
      },
    },
    async (request, reply) => {
      await account.signOutSession(authenticatedUser(request).id, request.params.id);
      return reply.code(204).send();
    },
  );

  app.post(
    '/api/account/sessions/sign-out-others',
    {
      ...auth,
      schema: {
        operationId: 'signOutOtherSessions',
        summary: 'Sign out everywhere else',
        description: 'Revokes every session of the trader except the one making this request, and ends their streams.',
        tags: [TAG],
        response: {
          200: jsonResponse('Signed out.', signedOutSchema, { signedOutSessions: 3 }),
          ...common,
        },
      },
    },
    async (request) => ({
      signedOutSessions: await account.signOutOthers(authenticatedUser(request).id, tokenIdOf(request)),
    }),
  );

  app.get(
    '/api/account/export',
    {
      ...auth,
      schema: {
        operationId: 'exportAccount',
        summary: 'Export my data',
        description: [
          '`format=json` (the default): one JSON document with the profile (no password or token), the strategies with',
          'their settings (webhook tokens masked), every signal with its raw body, outcomes, trades and open positions,',
          'and the notification channels (masked target only: no destination, token or secret), notification',
          'preferences, in-app notifications and the delivery log (no message payloads).',
          '`format=signals.csv` or `trades.csv`: one table. The file is streamed as it is read from the database,',
          'a page at a time, with a `Content-Disposition` that names it. In CSV, a cell starting with = + - or @ is',
          "prefixed with ' so a spreadsheet shows it as text rather than running it as a formula.",
        ].join(' '),
        tags: [TAG],
        querystring: exportQuery,
        response: {
          200: {
            description: 'The file, as an attachment.',
            headers: { 'Content-Disposition': '`attachment; filename="signaldeck-export-2025-06-04.json"`.' },
            content: {
              'application/json': {
                schema: z
                  .string()
                  .describe(
                    'The JSON export: profile, strategies, signals, outcomes, trades, positions, notificationChannels, ' +
                      'notificationPreferences, notifications, notificationDeliveries.',
                  ),
                example:
                  '{"format": "signaldeck-export-v1", "profile": {"id": 7, "name": "Ada Lovelace"}, "...": "..."}',
              },
              'text/csv': {
                schema: z.string().describe('A CSV table with a header row.'),
                example:
                  'id,received_at,alert_time,strategy_id,ticker,action,price\r\n42,2025-06-04T10:30:00.412Z,...\r\n',
              },
            },
          },
          422: ERRORS.validationFailed,
          ...common,
          429: ACCOUNT_BUSY_RESPONSE,
        },
      },
    },
    async (request, reply) => {
      const { id } = authenticatedUser(request);
      const { format } = request.query;
      // Listened for from the start: a download given up while it waited for its turn has closed already.
      const closed = new Promise<void>((resolve) => reply.raw.once('close', resolve));
      await accountQueue.run(id, async () => {
        if (reply.raw.destroyed) return;
        const now = clock();
        const file = EXPORT_FILES[format];
        const filename = `signaldeck-export-${new Date(now).toISOString().slice(0, 10)}.${file.extension}`;
        void reply
          .type(file.contentType)
          .header('content-disposition', `attachment; filename="${filename}"`)
          // A stream is sent as it is read, without the serializer; the type provider only knows the documented text.
          .send(Readable.from(exportChunks(database.db, id, format, now)) as unknown as string);
        // The account's turn is held until the file has been sent, the download given up, or EXPORT_TURN_MS
        // (a client that stops reading holds its file, not the account's other heavy requests).
        let timer: NodeJS.Timeout | undefined;
        await Promise.race([closed, new Promise((resolve) => (timer = setTimeout(resolve, EXPORT_TURN_MS)))]);
        clearTimeout(timer);
      });
      return reply;
    },
  );

  app.post(
    '/api/account/delete',
    {
      ...auth,
      bodyLimit: AUTH_BODY_LIMIT_BYTES,
      schema: {
        operationId: 'deleteAccount',
        summary: 'Delete my account',
        description: [
          'Deletes the account and every row of it: sessions, strategies, signals, outcomes, trades, positions, the paper',
          'accounts and their history, refused-post counts (market data is shared and stays). Confirmed by typing the',
          `account's \`email\` and the \`current_password\`. ${PASSWORD_CHECK} Every session ends, this one too.`,
        ].join(' '),
        tags: [TAG],
        body: deleteAccountBody,
        bodyExample: { email: user.email, current_password: password },
        response: {
          204: noContent('Deleted: no token of the account works any more.'),
          ...withBody,
          422: errorResponse('The email does not match the account, or the current password is wrong.', {
            message: 'Type the email of this account exactly to confirm.',
            errors: { email: ['Type the email of this account exactly to confirm.'] },
          }),
          429: WRONG_PASSWORD_429,
          ...common,
        },
      },
    },
    async (request, reply) => {
      await account.deleteAccount(authenticatedUser(request), request.body, request.ip);
      return reply.code(204).send();
    },
  );
};
