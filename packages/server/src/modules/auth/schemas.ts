import { z } from 'zod';
import type { SignedIn } from './service';
import type { AuthenticatedUser } from './tokens';

/** The response shapes of the auth routes, as the API reference documents them (src/openapi). */

export const userSchema = z
  .object({
    id: z.int().positive(),
    name: z.string(),
    email: z.email().describe('Lower-cased.'),
  })
  .describe('The signed-in user.') satisfies z.ZodType<AuthenticatedUser>;

export const signedInSchema = z
  .object({
    user: userSchema,
    token: z
      .string()
      .regex(/^\d+\|[A-Za-z0-9_-]{43}$/)
      .describe(
        'A personal access token, `<id>|<secret>`. Send it as `Authorization: Bearer <token>`; it is shown only this once.',
      ),
  })
  .describe('A new session: the user and their access token.') satisfies z.ZodType<SignedIn>;
