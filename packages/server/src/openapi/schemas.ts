import { z } from 'zod';
import { named } from './components';

/** The one error shape every 4xx and 5xx answer has (see http/errors.ts). */
export const errorSchema = named(
  'Error',
  z
    .object({
      message: z.string().describe('A sentence that can be shown to the user as it is.'),
      errors: z
        .record(z.string(), z.array(z.string()))
        .optional()
        .describe(
          'On a 422: the messages of each invalid field, by field name (a made-up key cut to 40 characters); at most 20 ' +
            'fields, then `more` counts the messages not listed.',
        ),
    })
    .describe('An error.'),
);

export type ErrorBody = z.output<typeof errorSchema>;

/** What `GET /api/openapi.json` answers: the outline of an OpenAPI 3.1 document (this one). */
export const openApiDocumentSchema = named(
  'OpenApiDocument',
  z
    .looseObject({
      openapi: z.literal('3.1.0'),
      info: z.looseObject({ title: z.string(), version: z.string() }),
      paths: z.record(z.string(), z.unknown()),
      components: z.record(z.string(), z.unknown()),
    })
    .describe('An OpenAPI 3.1 document.'),
);
