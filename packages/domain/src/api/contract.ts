import { z } from 'zod';

/**
 * The contract of one API call: its path, what it takes and what it answers, written once here and read
 * by both sides. The server registers its route from it (validation, response serialisation, the OpenAPI
 * document); the web client types its call from it. Paths use Fastify's `:param` form.
 */

export type HttpMethod = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';

/**
 * Who may make the call. `session` calls need the `Authentication` header (the route helper refuses a
 * missing or expired session with 401 before the handler runs); the handler still checks role, flags and
 * tenant. `public` calls need none; `optional` ones read a session when one is given.
 */
export type CallAccess = 'public' | 'optional' | 'session';

/** A reply that is not JSON: a file the client downloads or shows. */
export interface FileReply {
  kind: 'file';
  contentTypes: readonly [string, ...string[]];
  description: string;
}

/** Error statuses a call may answer beyond those its shape implies (see `errorStatuses`). */
export type ErrorStatus = 400 | 401 | 402 | 403 | 404 | 409 | 410 | 413 | 422 | 429 | 503;

/** A reply that sends the browser on (an OAuth provider's return): a 302 with its Location. */
export interface RedirectReply {
  kind: 'redirect';
  description: string;
}

export interface CallDefinition {
  method: HttpMethod;
  path: string;
  /** One line for the OpenAPI document, in the imperative ("Read a project"). */
  summary: string;
  description?: string;
  access: CallAccess;
  params?: z.ZodType;
  query?: z.ZodType;
  /** A JSON body, or `multipart` for a form carrying a file (read by the handler, not by a schema). */
  body?: z.ZodType | 'multipart';
  response: z.ZodType | FileReply | RedirectReply;
  errors?: readonly ErrorStatus[];
  /** The call makes something and answers 201 Created with it (the public API's creates), not 200. */
  created?: true;
  /**
   * A session whose account requires two-factor authentication, of a user who has not turned it on,
   * may make only the calls marked so (reading the session, enrolling); every other answers 403.
   */
  beforeTwoFactor?: true;
}

export type Call<D extends CallDefinition = CallDefinition, Id extends string = string> = D & { operationId: Id; tag: string };

/**
 * Names a group of calls: each key becomes the call's `operationId`, the group's name its OpenAPI tag.
 * The `const` type parameter keeps every call's own schema types for the route and the client.
 */
export function defineCalls<const T extends Record<string, CallDefinition>>(
  tag: string,
  definitions: T,
): { [K in keyof T]: Call<T[K], K & string> } {
  const calls: Record<string, Call> = {};
  for (const [operationId, definition] of Object.entries(definitions)) calls[operationId] = { ...definition, operationId, tag };
  return calls as { [K in keyof T]: Call<T[K], K & string> };
}

export const fileReply = (description: string, ...contentTypes: [string, ...string[]]): FileReply => ({
  kind: 'file',
  description,
  contentTypes,
});

export const isFileReply = (response: CallDefinition['response']): response is FileReply =>
  typeof response === 'object' && response !== null && 'kind' in response && response.kind === 'file';

export const redirectReply = (description: string): RedirectReply => ({ kind: 'redirect', description });

export const isRedirectReply = (response: CallDefinition['response']): response is RedirectReply =>
  typeof response === 'object' && response !== null && 'kind' in response && response.kind === 'redirect';

/** The statuses a call can fail with: its input can be refused, a session call can be unauthorised, an id can miss. */
export function errorStatuses(call: CallDefinition): ErrorStatus[] {
  const statuses = new Set<ErrorStatus>(call.errors ?? []);
  if (call.params || call.query || call.body) statuses.add(400);
  if (call.access === 'session') {
    statuses.add(401);
    statuses.add(403);
  }
  if (call.params) statuses.add(404);
  return [...statuses].sort((a, b) => a - b);
}

// ---- What the client sends and gets, typed from the schemas ----------------------------------------

type Part<S, Key extends string> = S extends z.ZodType
  ? object extends z.input<S>
    ? { [K in Key]?: z.input<S> }
    : { [K in Key]: z.input<S> }
  : { [K in Key]?: never };

/** What a client passes to make the call: path params, query and body as the server's schemas accept them. */
export type CallInput<C extends CallDefinition> = Part<C['params'], 'params'> &
  Part<C['query'], 'query'> &
  (C['body'] extends 'multipart' ? { form: FormData } : Part<C['body'], 'body'>);

/** What the call answers on success. */
export type CallOutput<C extends CallDefinition> = C['response'] extends z.ZodType ? z.output<C['response']> : Blob;

/** Fills a contract's `:param` placeholders. */
export function callPath(path: string, params: Record<string, unknown> | undefined): string {
  return path.replace(/:([A-Za-z_]+)/g, (_, name: string) => {
    const value = params?.[name];
    if (value === undefined || value === null) throw new Error(`Missing path parameter ${name} for ${path}`);
    return encodeURIComponent(String(value));
  });
}

// ---- Pieces many contracts share --------------------------------------------------------------------

/** A positive id in a path or query: a string on the wire, a number to the handler, a number to the caller. */
export const id = () => z.coerce.number<number | string>().int().positive();
export const idParams = z.object({ id: id() });
export const accountIdParams = z.object({ accountId: id() });

/** A whole number read from the query string. */
export const queryInt = (min: number, max: number) => z.coerce.number<number | string>().int().min(min).max(max);

/** A flag read from the query string: `1`/`true` on, anything else off. */
export const queryFlag = () =>
  z
    .union([z.boolean(), z.string()])
    .optional()
    .transform((value) => value === true || value === '1' || value === 'true');

/**
 * Text with a length limit stated once, here: the server refuses it above `max` characters with `message`,
 * the OpenAPI document states the same `maxLength`, and the web reads the same schema or constant for its
 * form. Characters are counted as JSON Schema's maxLength counts them, by code point (an emoji is one), on
 * the value `base` leaves (trimmed, for a `z.string().trim()`), so a value the document allows is never refused.
 */
export const maxChars = (max: number, message: string, base: z.ZodString = z.string()) =>
  base.refine((value) => [...value].length <= max, message).meta({ maxLength: max });

/** The common confirmation reply: `success` and the message the client shows in its toast. */
export const okReply = z.object({ success: z.boolean(), message: z.string() });

/** An ISO 8601 timestamp as the API writes it. */
export const timestamp = () => z.string().meta({ format: 'date-time' });
