import { z } from 'zod';
import type { PermissionName } from './tasks';

/**
 * One description of an HTTP endpoint (issue 18): the server registers its route from it (params, query and
 * body checked, answer checked against its schema outside production), the web calls it through one typed
 * client, and the OpenAPI document is generated from it. Paths are written once, here.
 */
export type HttpMethod = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';

/** Who may call it: everyone, or holders of a named permission (the same names as the route table's). */
export type EndpointAccess = 'public' | PermissionName;

/** How the request body travels. */
export type BodyMediaType = 'json' | 'multipart' | 'form';

/** A JSON:API answer: `data` as resource objects of one type with these attributes (wire names, kebab-case). */
export interface JsonApiAnswer<A extends z.ZodType = z.ZodType, M extends z.ZodType | undefined = z.ZodType | undefined> {
  kind: 'jsonapi';
  /** The resource type of every object in data. */
  type: string;
  attributes: A;
  /** A paged list: meta.record_count, meta.pagination and links (API-02). */
  list?: boolean;
  /** meta beside data, for answers that are not paged lists. */
  meta?: M;
  status?: 200 | 201 | 202;
}

/** Any other JSON body (a health probe's, a form post's redirect target). */
export interface JsonAnswer<S extends z.ZodType = z.ZodType> {
  kind: 'json';
  schema: S;
  status?: 200 | 201 | 202;
}

/** A file or page the browser keeps (CSV export, result file, HTML): streamed, not checked. */
export interface FileAnswer {
  kind: 'file';
  mediaType: string;
}

/** A redirect (form posts of the sign-in pages) or an answer without a body. */
export interface BareAnswer {
  kind: 'redirect' | 'empty';
  status: 204 | 302 | 303;
}

export type EndpointAnswer = JsonApiAnswer | JsonAnswer | FileAnswer | BareAnswer;

export interface EndpointDef {
  method: HttpMethod;
  /** Fastify style: `:name` for a path parameter. */
  path: string;
  /** The OpenAPI tag: the domain (a contract folder's name). */
  tag: string;
  /** One line, in the specification's words. */
  summary: string;
  description?: string;
  access: EndpointAccess;
  params?: z.ZodType;
  query?: z.ZodType;
  body?: z.ZodType;
  bodyMediaType?: BodyMediaType;
  answer: EndpointAnswer;
}

/**
 * What a caller needs of an endpoint at run time, its method and path, typed by its whole description: the
 * web's client calls it with answer and body types inferred from `E` while its schemas stay out of the page's
 * code (a `*-paths.ts` module imports nothing; decision 0950).
 */
export interface EndpointRef<E extends EndpointDef = EndpointDef> {
  readonly method: E['method'];
  readonly path: E['path'];
  /** Never set: carries the description's type only. */
  readonly '~def'?: E;
}

/** A domain's endpoint references, key by key as its descriptions. */
export type EndpointRefs<G extends Record<string, EndpointDef>> = { readonly [K in keyof G]: EndpointRef<G[K]> };

/** The description behind a reference (or the description itself). */
export type DefOf<R extends EndpointDef | EndpointRef> = R extends EndpointDef ? R : R extends EndpointRef<infer E> ? E : never;

/** Keeps the literal types (path, method, schemas) that the server and the web client infer from. */
export const endpoint = <const E extends EndpointDef>(e: E): E => e;

/** A JSON:API answer's description: `jsonApi('customers', z.object({...}), { list: true })`. */
export const jsonApi = <A extends z.ZodType, O extends Omit<JsonApiAnswer, 'kind' | 'type' | 'attributes'> = Record<never, never>>(
  type: string,
  attributes: A,
  options?: O,
) => ({ kind: 'jsonapi', type, attributes, ...(options ?? ({} as O)) }) as const;

/** The answer of a write that the specification reads as data[0].status (server: sendResult). */
export const resultAnswer = <A extends z.ZodRawShape>(attributes: A = {} as A, status?: 200 | 201) =>
  jsonApi('result', z.looseObject({ status: z.string(), ...attributes }), status ? { status } : undefined);

// ------------------------------------------------------------------ the wire documents, built from an answer

export const pageLinksSchema = z.object({
  first: z.string().optional(),
  prev: z.string().optional(),
  next: z.string().optional(),
  last: z.string().optional(),
});

/** What every refusal answers (API-03): the JSON:API error document. */
export const errorDocumentSchema = z.object({
  errors: z.array(
    z.looseObject({
      status: z.string(),
      code: z.string(),
      title: z.string(),
      detail: z.string().optional(),
      source: z.object({ pointer: z.string().optional(), parameter: z.string().optional() }).optional(),
    }),
  ),
});

export const listMetaSchema = z.looseObject({
  record_count: z.number().int().nonnegative(),
  record_count_estimated: z.literal(true).optional(),
  pagination: z.object({
    total: z.number(),
    per_page: z.number(),
    current_page: z.number(),
    last_page: z.number(),
    from: z.number(),
    to: z.number(),
  }),
});

/** The whole document a JSON:API answer sends: what the server checks and OpenAPI shows. */
export function jsonApiDocumentSchema(answer: JsonApiAnswer) {
  const resource = z.object({ type: z.literal(answer.type), id: z.string(), attributes: answer.attributes });
  if (answer.list) return z.looseObject({ data: z.array(resource), meta: listMetaSchema, links: pageLinksSchema });
  return z.looseObject({ data: z.array(resource), ...(answer.meta ? { meta: answer.meta } : {}) });
}

/** The JSON body schema of an answer, if it has one. */
export function answerBodySchema(answer: EndpointAnswer): z.ZodType | undefined {
  if (answer.kind === 'jsonapi') return jsonApiDocumentSchema(answer);
  if (answer.kind === 'json') return answer.schema;
  return undefined;
}

export function answerStatus(answer: EndpointAnswer): number {
  if (answer.kind === 'redirect' || answer.kind === 'empty') return answer.status;
  if (answer.kind === 'file') return 200;
  return answer.status ?? 200;
}

// ------------------------------------------------------------------ types the callers infer

type Camel<S extends string> = S extends `${infer H}-${infer T}`
  ? `${H}${Capitalize<Camel<T>>}`
  : S extends `${infer H}_${infer T}`
    ? `${H}${Capitalize<Camel<T>>}`
    : S;
/** Wire attribute names as the web client hands them over (camelCase, API-02). */
export type CamelKeys<T> = { [K in keyof T as K extends string ? Camel<K> : K]: T[K] };
/** An answer whose nested objects keep kebab-case keys on the wire, once camelCased throughout (purchase requirements). */
export type CamelDeep<T> = T extends readonly (infer U)[]
  ? CamelDeep<U>[]
  : T extends object
    ? { [K in keyof T as K extends string ? Camel<K> : K]: CamelDeep<T[K]> }
    : T;

type ParamNames<P extends string> = P extends `${string}:${infer N}/${infer R}`
  ? N | ParamNames<`/${R}`>
  : P extends `${string}:${infer N}`
    ? N
    : never;
/** `{ id: string | number }` for `/things/:id`. */
export type PathParamsOf<E extends EndpointDef> = [ParamNames<E['path']>] extends [never]
  ? undefined
  : { [K in ParamNames<E['path']>]: string | number };

export type BodyOf<E extends EndpointDef> = E['body'] extends z.ZodType ? z.input<E['body']> : undefined;

/** One resource of a JSON:API answer as the web client returns it: id and type beside camelCase attributes. */
export type AttributesOf<E extends EndpointDef> = E['answer'] extends JsonApiAnswer<infer A> ? CamelKeys<z.output<A>> : never;
