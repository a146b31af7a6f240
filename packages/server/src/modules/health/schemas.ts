import { z } from 'zod';
import { named } from '../../openapi/components';

/** The health check's answer. */
export const healthSchema = named(
  'HealthStatus',
  z
    .discriminatedUnion('status', [
      z.object({ status: z.literal('ok') }),
      z.object({ status: z.literal('unavailable'), message: z.string() }),
    ])
    .describe('`ok` when the database answers, `unavailable` (with a 503) when it does not.'),
);

export type Health = z.output<typeof healthSchema>;
