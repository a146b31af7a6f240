import { z } from 'zod';
import { plainName } from '../../http/validation';
import { named } from '../../openapi/components';
import { weakPasswordReason } from './password-rules';

/** The wire contract of the auth routes: what they take and what they answer (routes.ts declares the routes). */

const email = z.string().trim().toLowerCase().pipe(z.email().max(255));

/** A password being chosen (registering, or changing it): 8 to 128 characters, and not one tried first. */
export const newPassword = z
  .string()
  .min(8)
  .max(128)
  .superRefine((value, context) => {
    // Only a password of an allowed length: one too short or too long is told that alone.
    const reason = value.length >= 8 && value.length <= 128 ? weakPasswordReason(value) : undefined;
    if (reason !== undefined) context.addIssue({ code: 'custom', message: reason });
  });

export const registerBody = named(
  'RegisterRequest',
  z
    .object({
      name: plainName(100),
      email,
      password: newPassword,
      password_confirmation: z.unknown().optional(),
    })
    .refine((body) => body.password === body.password_confirmation, {
      path: ['password'],
      message: 'The password field confirmation does not match.',
      // Reported alongside the other fields' errors, as long as there is a password to compare.
      when: (payload) => typeof (payload.value as { password?: unknown }).password === 'string',
    }),
);

export const loginBody = named(
  'LoginRequest',
  z.object({
    email,
    password: z.string().min(1).max(128),
  }),
);

export const userSchema = named(
  'User',
  z
    .object({
      id: z.int().positive(),
      name: z.string(),
      email: z.email().describe('Lower-cased.'),
    })
    .describe('The signed-in user.'),
);

export const signedInSchema = named(
  'SignedIn',
  z
    .object({
      user: userSchema,
      token: z
        .string()
        .regex(/^\d+\|[A-Za-z0-9_-]{43}$/)
        .describe(
          'A personal access token, `<id>|<secret>`. Send it as `Authorization: Bearer <token>`; it is shown only this once.',
        ),
    })
    .describe('A new session: the user and their access token.'),
);

export type User = z.output<typeof userSchema>;
export type SignedIn = z.output<typeof signedInSchema>;
/** What a client sends: `password_confirmation` is the spec's own name (Laravel's), kept as it is. */
export type RegisterRequest = z.input<typeof registerBody>;
export type LoginRequest = z.input<typeof loginBody>;
