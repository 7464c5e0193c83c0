import type { SwaggerTransform } from '@fastify/swagger';
import type { FastifyInstance, FastifyReply, FastifyRequest, RouteShorthandOptions } from 'fastify';
import { ResponseSerializationError } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { answerBodySchema, answerStatus, errorDocumentSchema, JSONAPI_MEDIA_TYPE, type EndpointDef } from '@fc/contract';

declare module 'fastify' {
  interface FastifyContextConfig {
    /** The contract endpoint the route was registered from (issue 18). */
    endpoint?: EndpointDef;
  }
}

type Infer<S> = S extends z.ZodType ? z.output<S> : unknown;

/** The request a handler of endpoint E receives: params, query and body as its schemas parse them. */
export type EndpointRequest<E extends EndpointDef> = FastifyRequest<{
  Params: Infer<E['params']>;
  Querystring: Infer<E['query']>;
  Body: Infer<E['body']>;
}>;

export type EndpointHandler<E extends EndpointDef> = (req: EndpointRequest<E>, reply: FastifyReply) => unknown;

/** Route options the contract does not describe: rate limits, form-token handling, body limits. */
export type RouteExtras = Pick<RouteShorthandOptions, 'bodyLimit' | 'preHandler' | 'onRequest' | 'onResponse'> & {
  config?: Omit<NonNullable<RouteShorthandOptions['config']>, 'access'>;
};

const MEDIA: Record<NonNullable<EndpointDef['bodyMediaType']>, string> = {
  json: JSONAPI_MEDIA_TYPE,
  multipart: 'multipart/form-data',
  form: 'application/x-www-form-urlencoded',
};

/**
 * Registers the route of a contract endpoint (issue 18): its path, method, access and schemas come from the
 * contract, so the server cannot answer a call the contract does not describe, and the OpenAPI document is
 * generated from the same description.
 */
export function route<E extends EndpointDef>(app: FastifyInstance, e: E, handler: EndpointHandler<E>, extras: RouteExtras = {}) {
  const body = answerBodySchema(e.answer);
  const status = answerStatus(e.answer);
  const mediaType = e.answer.kind === 'file' ? e.answer.mediaType : e.answer.kind === 'jsonapi' ? JSONAPI_MEDIA_TYPE : 'application/json';
  app.route({
    method: e.method,
    url: e.path,
    ...extras,
    config: { ...extras.config, access: e.access, endpoint: e },
    schema: {
      tags: [e.tag],
      summary: e.summary,
      ...(e.description ? { description: e.description } : {}),
      ...(e.access === 'public' ? {} : { security: [{ session: [] }] }),
      ...(e.params ? { params: e.params } : {}),
      ...(e.query ? { querystring: e.query } : {}),
      // Multipart bodies are read by the handler (streamed files); the contract's schema documents them.
      ...(e.body && e.bodyMediaType !== 'multipart' ? { body: e.body } : {}),
      ...(e.bodyMediaType ? { consumes: [MEDIA[e.bodyMediaType]] } : {}),
      produces: [mediaType],
      response: {
        // A redirect or an empty answer has no body: `null` in the document, which then lists no content for it.
        [status]:
          e.answer.kind === 'redirect' || e.answer.kind === 'empty'
            ? z.null().describe(e.summary)
            : {
                description: e.summary,
                ...(body ? { content: { [mediaType]: { schema: body } } } : {}),
                ...(e.answer.kind === 'file' ? { content: { [mediaType]: { schema: z.string() } } } : {}),
              },
        '4XX': {
          description: 'Refused: a JSON:API error document (API-03)',
          content: { [JSONAPI_MEDIA_TYPE]: { schema: errorDocumentSchema } },
        },
      },
    },
    handler: handler as never,
  });
}

/**
 * Answers checked against their schema outside production (a test fails on an answer the contract does not
 * describe); production sends them unchanged, as the check would turn a readable answer into a 500. Neither
 * strips or re-encodes: the client gets what the handler sent.
 */
export function answerSerializer(checkAnswers: boolean) {
  return ({ schema, method, url }: { schema: unknown; method: string; url: string }) =>
    (data: unknown) => {
      if (checkAnswers) {
        const result = (schema as z.ZodType).safeParse(data);
        if (!result.success) throw new ResponseSerializationError(method, url, { cause: result.error });
      }
      return JSON.stringify(data);
    };
}

/** The API's own paths; anything else (pages, redirects, probes, metrics) is not in the API document. */
const API_PREFIXES = ['/fc-common-api/', '/framework/'];

/**
 * The OpenAPI document lists the API only: routes registered from the contract, and (until every module is)
 * the other routes under the API prefixes, except the document's own pages.
 */
export function apiDocumentTransform(transform: SwaggerTransform): SwaggerTransform {
  return (arg) => {
    const fromContract = !!arg.route.config?.endpoint;
    const api = API_PREFIXES.some((p) => arg.url.startsWith(p)) && !arg.url.startsWith('/fc-common-api/docs');
    if (!fromContract && !api) return { schema: { ...arg.schema, hide: true }, url: arg.url };
    return transform(arg);
  };
}
