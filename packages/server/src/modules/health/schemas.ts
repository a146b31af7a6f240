import { z } from 'zod';
import type { Health } from './service';

/** The health check's answer, as the API reference documents it (src/openapi). */
export const healthSchema = z
  .discriminatedUnion('status', [
    z.object({ status: z.literal('ok') }),
    z.object({ status: z.literal('unavailable'), message: z.string() }),
  ])
  .describe('`ok` when the database answers, `unavailable` (with a 503) when it does not.') satisfies z.ZodType<Health>;
