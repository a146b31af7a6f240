import type { FastifySchemaCompiler, FastifySerializerCompiler, FastifyTypeProvider } from 'fastify';
import { z } from 'zod';
import { HttpError } from './errors';
import { escapeUnshown, hasVisibleCharacters } from './unshown';

/**
 * C0 and C1 control characters (NUL among them, which PostgreSQL text cannot hold), and the line and paragraph
 * separators (a name on two lines).
 */
// eslint-disable-next-line no-control-regex -- finding control characters is the point
const CONTROL = /[\u0000-\u001F\u007F-\u009F\u2028\u2029]/;
const LONE_SURROGATE = /[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/;

/** True for text holding half of a character (a lone surrogate): encoded, it becomes U+FFFD. */
export const hasLoneSurrogate = (value: string) => LONE_SURROGATE.test(value);

/** True for text a person would type as a name or a label: no control characters, no broken characters. */
export const isPlainText = (value: string) => !CONTROL.test(value) && !hasLoneSurrogate(value);

/** Text-direction overrides and isolates (U+202A to U+202E, U+2066 to U+2069): they make a name read backwards. */
const DIRECTION_CONTROL = /[\u202A-\u202E\u2066-\u2069]/;

/** True for text without text-direction overrides or isolates ("Eve\u202Egnp.exe" shows as "Eveexe.png"). */
export const hasNoDirectionControls = (value: string) => !DIRECTION_CONTROL.test(value);

/** The message for a name refused by hasNoDirectionControls. */
export const DIRECTION_CONTROLS_MESSAGE = 'The name field must not contain text-direction controls.';

/**
 * A name or label a person types, trimmed, at most `max` characters: no control or broken characters, no
 * text-direction controls, and at least one character that shows.
 */
export const plainName = (max: number) =>
  z
    .string()
    .trim()
    .min(1)
    .max(max)
    .refine(isPlainText, 'The name field must not contain control characters.')
    .refine(hasNoDirectionControls, DIRECTION_CONTROLS_MESSAGE)
    .refine(
      (value) => value.length === 0 || hasVisibleCharacters(value),
      'The name field must contain visible characters.',
    );

/** "password_confirmation" -> "password confirmation", as the messages read. */
const fieldLabel = (field: string) => field.replace(/_/g, ' ');

/**
 * The subject of an issue's message: the nearest named segment of its path, and whether the issue is about one
 * item of that list (`events.0` is "the events item", never "the 0 field"); undefined for the body itself.
 */
function subjectOf(path: readonly PropertyKey[] | undefined): { field: string; item: boolean } | undefined {
  if (!path?.length) return undefined;
  const named = path.findLast((segment) => typeof segment !== 'number');
  if (named === undefined) return undefined;
  return { field: fieldLabel(String(named)), item: typeof path[path.length - 1] === 'number' };
}

/**
 * Laravel-style wording for zod's issues ("The email field must be a valid email address."), so every
 * endpoint's 422 reads the same way without each schema spelling its messages. A message set on the schema
 * itself (refinements, say) wins over this map.
 */
function laravelMessage(issue: z.core.$ZodRawIssue): string | undefined {
  const named = subjectOf(issue.path);
  if (named === undefined) return undefined;
  const field = named.item ? `${named.field} item` : named.field;
  const subject = `The ${field}${named.item ? '' : ' field'}`;
  switch (issue.code) {
    case 'invalid_type':
      if (issue.input === undefined || issue.input === null) return `${subject} is required.`;
      return `${subject} must be ${issue.expected === 'string' ? 'a string' : issue.expected === 'int' ? 'a whole number' : issue.expected === 'number' ? 'a number' : `of type ${issue.expected}`}.`;
    case 'too_small':
      if (issue.origin === 'string') {
        return issue.minimum === 1
          ? `${subject} is required.`
          : `${subject} must be at least ${issue.minimum} characters.`;
      }
      if (issue.origin === 'array') {
        return Number(issue.minimum) <= 1
          ? `${subject} must list at least one item.`
          : `${subject} must list at least ${issue.minimum} items.`;
      }
      if (issue.inclusive === false) return `${subject} must be greater than ${issue.minimum}.`;
      return `${subject} must be at least ${issue.minimum}.`;
    case 'too_big':
      if (issue.origin === 'string') return `${subject} must not be greater than ${issue.maximum} characters.`;
      if (issue.origin === 'array') return `${subject} must not list more than ${issue.maximum} items.`;
      return `${subject} must not be greater than ${issue.maximum}.`;
    case 'invalid_format':
      if (issue.format === 'email') return `${subject} must be a valid email address.`;
      if (issue.format === 'url') return `${subject} must be a valid URL.`;
      return `${subject} format is invalid.`;
    case 'invalid_value':
      return `The selected ${field} is invalid.`;
    default:
      return undefined;
  }
}

/** How many fields a 422 lists: the messages of any more are counted under MORE_ERRORS_FIELD, not listed. */
export const MAX_LISTED_FIELDS = 20;
/** The field of a 422 that counts the messages not listed ("94,980 more errors are not listed."). */
export const MORE_ERRORS_FIELD = 'more';
/** How much of a field name a 422 echoes: a key the client made up can be as long as the body. */
export const MAX_SHOWN_FIELD = 40;

/** A field name (or an unknown key) as a 422 names it: cut to MAX_SHOWN_FIELD characters, never mid-character. */
export function shownField(name: string): string {
  if (name.length <= MAX_SHOWN_FIELD) return escapeUnshown(name);
  let end = MAX_SHOWN_FIELD - 1;
  if (/[\uD800-\uDBFF]/.test(name[end - 1]!)) end--;
  return `${escapeUnshown(name.slice(0, end))}…`;
}

/** A path (`settings.sizing.value`) as a 422 names it, each of its keys cut by shownField. */
export const shownPath = (path: readonly PropertyKey[]) =>
  path.map((segment) => (typeof segment === 'string' ? shownField(segment) : String(segment))).join('.');

/**
 * A 422's field messages as they are found, bounded: the first MAX_LISTED_FIELDS fields are kept, later ones only
 * counted (`unlisted`). A message may be given as a function, so that one is not even built for a field not
 * listed: 95,000 unknown keys cost a count, not 95,000 sentences.
 */
export class FieldErrors {
  /** Without prototype: a field named `constructor` or `toString` is only a key. */
  readonly errors = Object.create(null) as Record<string, string[]>;
  /** How many messages were left out, of fields past the first MAX_LISTED_FIELDS. */
  unlisted = 0;
  #listed = 0;

  add(field: string, message: string | (() => string)): void {
    let messages = this.errors[field];
    if (messages === undefined) {
      if (this.#listed >= MAX_LISTED_FIELDS) {
        this.unlisted++;
        return;
      }
      this.#listed++;
      messages = this.errors[field] = [];
    }
    const text = typeof message === 'string' ? message : message();
    if (!messages.includes(text)) messages.push(text);
  }
}

/**
 * Builds the 422 for a set of field messages: the message is the first one, plus how many more there are. At most
 * MAX_LISTED_FIELDS fields are listed; the messages of the others (and `unlisted`, those a FieldErrors left out)
 * are counted under MORE_ERRORS_FIELD, so a body with 95,000 bad keys gets an answer of a few hundred bytes.
 */
export function validationError(errors: Record<string, string[]>, unlisted = 0): HttpError {
  const listed = Object.create(null) as Record<string, string[]>;
  let fields = 0;
  let shown = 0;
  let first: string | undefined;
  for (const field in errors) {
    const messages = errors[field]!;
    if (fields < MAX_LISTED_FIELDS) {
      listed[field] = messages;
      fields++;
      shown += messages.length;
      first ??= messages[0];
    } else {
      unlisted += messages.length;
    }
  }
  if (unlisted > 0) {
    (listed[MORE_ERRORS_FIELD] ??= []).push(
      `${unlisted.toLocaleString('en-US')} more ${unlisted === 1 ? 'error is' : 'errors are'} not listed.`,
    );
  }
  const more = shown + unlisted - 1;
  const message =
    more > 0
      ? `${first} (and ${more.toLocaleString('en-US')} more ${more === 1 ? 'error' : 'errors'})`
      : (first ?? 'The given data was invalid.');
  return new HttpError(422, message, listed);
}

/**
 * Fastify's validator for the zod schemas routes declare (`schema.params`, `querystring`, `body`): the parsed
 * value replaces the input (defaults and transforms applied, unknown object keys dropped), and a failure is a
 * 422 HttpError shaped `{ message, errors: { field: [messages] } }`. An input that is not even the right kind
 * (an array where an object belongs) is a 422 with only a message. A missing body is validated as `{}`, so a
 * bodiless POST is told which fields it lacks. A refinement on the body as a whole is reported under `body`.
 */
export const validatorCompiler: FastifySchemaCompiler<z.ZodType> =
  ({ schema, httpPart }) =>
  (input) => {
    const result = schema.safeParse(httpPart === 'body' ? (input ?? {}) : input, { error: laravelMessage });
    if (result.success) return { value: result.data };

    const found = new FieldErrors();
    // A value of the wrong kind is told that alone: `["a"]` for a password is not "at least 8 items" short.
    const wrongKind = new Set<string>();
    for (const issue of result.error.issues) {
      if (issue.code === 'unrecognized_keys') {
        // A strict object's unknown keys (a typo such as `setting`): named, with the fields it takes.
        const known = issue.path.length === 0 ? objectKeys(schema) : [];
        const fields = known.length > 0 ? ` (fields: ${known.join(', ')})` : '';
        const fixed = issue.path.length === 0 ? unchangeable.get(schema) : undefined;
        const at = issue.path.length > 0 ? `${shownPath(issue.path)}.` : '';
        for (const key of issue.keys) {
          const shown = shownField(key);
          found.add(`${at}${shown}`, () =>
            fixed && Object.hasOwn(fixed, key) ? fixed[key]! : `${shown} is not a field of this request${fields}.`,
          );
        }
        continue;
      }
      if (issue.path.length === 0 && issue.code === 'custom') {
        // A rule about the body as a whole (say, "send at least one field"): under `body`.
        found.add('body', issue.message);
        continue;
      }
      if (issue.path.length === 0) {
        return { error: new HttpError(422, 'The request body must be a JSON object.') };
      }
      const field = shownPath(issue.path);
      if (wrongKind.has(field)) continue;
      if (issue.code === 'invalid_type') wrongKind.add(field);
      found.add(field, issue.message);
    }
    return { error: validationError(found.errors, found.unlisted) };
  };

/** For request bodies that name fields a caller cannot send (strict objects): the message for each such key. */
const unchangeable = new WeakMap<z.ZodType, Record<string, string>>();

/**
 * Marks keys of a strict body as ones that cannot be sent, with the message a 422 gives for each (instead of
 * "x is not a field of this request"): a PATCH that cannot change a channel's destination, say.
 */
export function withUnchangeable<Schema extends z.ZodType>(schema: Schema, messages: Record<string, string>): Schema {
  unchangeable.set(schema, messages);
  return schema;
}

/** The keys of an object schema (through refinements and pipes), for messages; empty when it is not one. */
function objectKeys(schema: z.ZodType): string[] {
  let current: unknown = schema;
  for (let depth = 0; depth < 5 && current instanceof z.ZodType; depth++) {
    if (current instanceof z.ZodObject) return Object.keys(current.shape);
    if (current instanceof z.ZodPipe) current = current.in;
    else return [];
  }
  return [];
}

/**
 * Answers are written as they are, not parsed against their schema: the handlers' return types are checked
 * against the schemas by the compiler (ZodTypeProvider), the openapi test checks real answers on both
 * databases, and the webhook receiver's answer is on the ingest's hot path.
 */
export const serializerCompiler: FastifySerializerCompiler<unknown> = () => (data) => JSON.stringify(data);

/** Types each route's request from its zod schemas, and what its handler may answer from its response schemas. */
export interface ZodTypeProvider extends FastifyTypeProvider {
  validator: this['schema'] extends z.ZodType ? z.output<this['schema']> : unknown;
  serializer: this['schema'] extends z.ZodType ? z.input<this['schema']> : unknown;
}
