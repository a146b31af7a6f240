import { z } from 'zod';
import { plainName } from '../../http/validation';
import { named } from '../../openapi/components';
import { newPassword, userSchema } from '../auth/schemas';

/** The wire contract of the Account routes (routes.ts declares the routes). Names and emails are read as at registration. */

const name = plainName(100);
const email = z.string().trim().toLowerCase().pipe(z.email().max(255));
const currentPassword = z.string().min(1).max(128);
const epochMs = z.int().nonnegative();

export const profileBody = named(
  'ProfileRequest',
  z.object({
    name,
    email,
    current_password: currentPassword
      .optional()
      .describe('Required when `email` changes: the password the account signs in with now.'),
  }),
);

export const passwordBody = named(
  'PasswordChangeRequest',
  z
    .object({
      current_password: currentPassword,
      password: newPassword,
      password_confirmation: z.unknown().optional(),
    })
    .refine((body) => body.password === body.password_confirmation, {
      path: ['password'],
      message: 'The password field confirmation does not match.',
      when: (payload) => typeof (payload.value as { password?: unknown }).password === 'string',
    }),
);

export const passwordChangedSchema = named(
  'PasswordChanged',
  z
    .object({
      signedOutSessions: z.int().nonnegative().describe('How many other sessions were signed out.'),
    })
    .describe('The password is changed; this session stays signed in, every other one is signed out.'),
);

export const sessionSchema = named(
  'Session',
  z
    .object({
      id: z.string().describe("The session's id (its token's id)."),
      browser: z.string().describe('Read from the User-Agent: "Chrome", "Safari"... or "Unknown browser". Plain text.'),
      device: z.string().describe('Read from the User-Agent: "macOS", "iPhone"... or "Unknown device". Plain text.'),
      ip: z.string().nullable().describe('The address it signed in from, if known.'),
      createdAt: epochMs.describe('When it signed in, epoch milliseconds.'),
      lastUsedAt: epochMs.describe('When it was last used, to the minute (it is updated at most once a minute).'),
      current: z.boolean().describe('True for the session making this request.'),
    })
    .describe('A signed-in session: one access token that still works.'),
);

export const sessionListSchema = named(
  'SessionList',
  z.object({ data: z.array(sessionSchema).describe('Most recently used first.') }),
);

export const sessionParams = z.object({ id: z.string().describe("The session's id.") });

export const signedOutSchema = named(
  'SessionsSignedOut',
  z.object({ signedOutSessions: z.int().nonnegative().describe('How many sessions were signed out.') }),
);

export const EXPORT_FORMATS = ['json', 'signals.csv', 'trades.csv'] as const;
export type ExportFormat = (typeof EXPORT_FORMATS)[number];

export const exportQuery = z.object({
  format: z
    .enum(EXPORT_FORMATS)
    .default('json')
    .describe('`json`: everything in one file; `signals.csv` or `trades.csv`: one table for a spreadsheet.'),
});

export const deleteAccountBody = named(
  'DeleteAccountRequest',
  z.object({
    email: z.string().trim().toLowerCase().max(255).describe("The account's email, typed again to confirm."),
    current_password: currentPassword,
  }),
);

export const profileSchema = userSchema;

export type Session = z.output<typeof sessionSchema>;
export type SessionList = z.output<typeof sessionListSchema>;
export type PasswordChanged = z.output<typeof passwordChangedSchema>;
export type SessionsSignedOut = z.output<typeof signedOutSchema>;
export type ProfileRequest = z.input<typeof profileBody>;
export type PasswordChangeRequest = z.input<typeof passwordBody>;
export type DeleteAccountRequest = z.input<typeof deleteAccountBody>;
