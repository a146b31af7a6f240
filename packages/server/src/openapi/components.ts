import { z } from 'zod';

/**
 * The schemas the API reference names (its `components.schemas`). A body or answer whose schema is named is
 * written once in the OpenAPI document and referenced wherever a route uses it; any other is written in place.
 * Kept apart from zod's global registry: an `id` there would make zod pull nested schemas out into `$defs`.
 */
export const componentNames = z.registry<{ name: string }>();

/** Names `schema` in the API reference and returns it, for `export const fooSchema = named('Foo', z.object(...))`. */
export function named<Schema extends z.ZodType>(name: string, schema: Schema): Schema {
  componentNames.add(schema, { name });
  return schema;
}
