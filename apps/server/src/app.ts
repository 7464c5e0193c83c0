import fs from 'node:fs';
import path from 'node:path';
import Fastify, { type FastifyBaseLogger, type FastifyInstance, type FastifyReply, type FastifyRequest } from 'fastify';
import cookie from '@fastify/cookie';
import formbody from '@fastify/formbody';
import rateLimit from '@fastify/rate-limit';
import fastifyStatic from '@fastify/static';
import swagger from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import { jsonSchemaTransform, validatorCompiler, type ZodTypeProvider } from 'fastify-type-provider-zod';
import { answerSerializer, apiDocumentTransform } from './http/endpoint';
import { JSONAPI_MEDIA_TYPE } from '@fc/contract';
import type { AppContext } from './context';
import { registerAccess, requireAccess } from './http/access';
import { AppError, errorObject, registerErrorHandler, sendErrors } from './http/errors';
import { serializeError, serializeRequest } from './http/log-redaction';
import { registerInputChecks } from './http/input';
import { databaseRateLimitStore } from './http/rate-limit-store';
import { rateLimitKey } from './http/rate-limit-key';
import { createProbes } from './http/probes';
import { securityHeaders } from './http/security-headers';
import { indexHtmlFor } from './http/route-preloads';
import { aliasOfPath, underAlias, uiPrefixesOf } from './http/ui-prefixes';
import { registerSecondFactorGuards, welcomeUrl } from './modules/auth/index';
import { modules } from './modules/index';
import { createMetrics, registerMetrics } from './metrics';
import { createPrincipalCache } from './http/principal-cache';
import { listenForPrincipalChanges } from './db/principal-changes';

/**
 * An incoming X-Request-Id (a proxy's or a client's) is kept when it is 1 to 128 characters of letters,
 * digits and . _ : - (it goes into every log line and back in the answer); anything else gets a new UUID.
 */
const REQUEST_ID = /^[A-Za-z0-9._:-]{1,128}$/;
export function requestIdOf(header: string | string[] | undefined): string {
  const given = Array.isArray(header) ? undefined : header;
  return given && REQUEST_ID.test(given) ? given : crypto.randomUUID();
}

export interface BuildOptions {
  /** A pino logger; without one the app logs nothing (tests). */
  loggerInstance?: FastifyBaseLogger;
  /** Directory of the built web app; absent in API tests. */
  webDist?: string;
}

export async function buildApp(ctx: AppContext, opts: BuildOptions = {}): Promise<FastifyInstance> {
  const headers = securityHeaders({
    contentSecurityPolicy: {
      directives: {
        defaultSrc: ["'self'"],
        scriptSrc: ["'self'"],
        // MUI (emotion) writes its styles into <style> elements at run time.
        styleSrc: ["'self'", "'unsafe-inline'"],
        imgSrc: ["'self'", 'data:'],
        connectSrc: ["'self'"],
        fontSrc: ["'self'", 'data:'],
        objectSrc: ["'none'"],
        frameAncestors: ["'self'"],
        formAction: ["'self'"],
        baseUri: ["'self'"],
        upgradeInsecureRequests: ctx.config.secureCookies ? [] : null,
      },
    },
    // same-origin, not no-referrer: with no-referrer a browser sends `Origin: null` on our own form posts.
    referrerPolicy: { policy: 'same-origin' },
    strictTransportSecurity: ctx.config.secureCookies,
    crossOriginEmbedderPolicy: false,
  });
  /**
   * Every answer's security headers and request id, set before anything else runs (a route may override
   * one). In the reply's own headers, which Fastify writes in one writeHead, errors included.
   */
  const answerHeaders = (req: FastifyRequest, reply: FastifyReply) => {
    reply.headers(headers).header('x-request-id', req.id);
  };
  // /healthz and /readyz answered before the framework (decision 0631); the same routes below for the rest.
  const probes = createProbes({ headers, database: ctx.database, requestId: requestIdOf });
  const app = Fastify({
    serverFactory: probes.serverFactory,
    // Request lines carry the address with its query values and token segments redacted, errors without a
    // failed statement's values (http/log-redaction.ts).
    ...(opts.loggerInstance
      ? { loggerInstance: opts.loggerInstance.child({}, { serializers: { req: serializeRequest, err: serializeError } }) }
      : { logger: false }),
    genReqId: (req) => requestIdOf(req.headers['x-request-id']),
    requestIdHeader: false,
    trustProxy: trustProxy(ctx.config.TRUST_PROXY),
    bodyLimit: 1024 * 1024,
    routerOptions: { maxParamLength: 200 },
    // Errors raised before routing (a path parameter too long, a malformed URL) in the JSON:API shape too.
    frameworkErrors: (err, req, reply) => {
      answerHeaders(req, reply);
      const status = err.statusCode && err.statusCode >= 400 && err.statusCode < 500 ? err.statusCode : 400;
      void sendErrors(reply, status, [errorObject(status, (err.code ?? 'bad-request').toLowerCase(), err.message)]);
    },
  }).withTypeProvider<ZodTypeProvider>();
  app.addHook('preClose', (done) => {
    probes.stop();
    done();
  });
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(answerSerializer(ctx.config.NODE_ENV !== 'production'));

  // JSON:API bodies are JSON.
  app.addContentTypeParser(JSONAPI_MEDIA_TYPE, { parseAs: 'string' }, app.getDefaultJsonParser('error', 'error'));
  const foreground = ctx.foreground;
  app.addHook('onRequest', (req, reply, done) => {
    answerHeaders(req, reply);
    // 'close' comes once for every response, answered or aborted.
    if (foreground && req.routeOptions.config?.interactive !== false) reply.raw.once('close', foreground.started());
    done();
  });

  await app.register(cookie);
  await app.register(formbody, { bodyLimit: 16 * 1024 });
  // Read by acceptUploads (http/multipart.ts), which the modules with upload calls register.
  app.decorate('uploadMaxBytes', ctx.config.UPLOAD_MAX_BYTES);
  // /ui, the alternate portal's /intl/ui and the beta and production aliases (APP-02).
  const uiPrefixes = uiPrefixesOf(ctx.config);
  const alternateUi = `/${ctx.config.ALTERNATE_PORTAL_PREFIX}/ui/`;
  const isStaticFile = (method: string, url: string) =>
    (method === 'GET' || method === 'HEAD') && uiPrefixes.some((p) => url.startsWith(p));
  await app.register(rateLimit, {
    global: true,
    max: ctx.config.RATE_LIMIT_MAX,
    timeWindow: '1 minute',
    keyGenerator: rateLimitKey,
    // Shared by every process on the database (RATE_LIMIT_STORE); a database that fails lets the request
    // through rather than refusing everyone (the request's own queries report the outage).
    ...(ctx.config.rateLimitStore === 'database' ? { store: databaseRateLimitStore(ctx), skipOnError: true } : {}),
    // Probes and the web app's static files (hashed, cached, a dozen per page) do not spend the budget,
    // which is for work: API calls, form posts, downloads.
    allowList: (req) => req.url === '/healthz' || req.url === '/readyz' || req.url === '/metrics' || isStaticFile(req.method, req.url),
    // A typed error, so the one error handler answers it like every other: 429 with code rate-limited.
    errorResponseBuilder: (_req, context) =>
      new AppError(429, 'rate-limited', `Too many requests; try again in ${Math.ceil(context.ttl / 1000)} s.`),
  });

  await app.register(swagger, {
    openapi: {
      openapi: '3.1.0',
      info: {
        title: `${ctx.config.BRAND_NAME} portal API`,
        version: '1.0.0',
        // How every paged list answers (decisions 0600 and 0620).
        description: [
          'Paged lists take page[number] and page[size] (1-100) and answer JSON:API with meta.record_count, meta.pagination and links.',
          'meta.record_count is exact when the list is narrow (a filter or search matching at most LIST_EXACT_COUNT_MAX rows, 10,000 by default) and on the last page;',
          'for a wider list of a large table it is the database planner estimate, up to 10 seconds old, and meta.record_count_estimated is true (the field is absent when the count is exact).',
          'count=exact asks for an exact count on any list; the page links keep it.',
          'links.next may carry page[after], an opaque cursor: following it reads the next page by seeking its sort key (as fast at page 2,000 as at page 1).',
          'A request without it, or with one made for another page, size, sort or filter, is answered by page[number] as usual.',
        ].join(' '),
      },
      components: { securitySchemes: { session: { type: 'apiKey', in: 'cookie', name: 'fc_session' } } },
    },
    transform: apiDocumentTransform(jsonSchemaTransform),
  });
  // The API reference: for everyone, for signed-in corporate users only (the default in production), or
  // not served (API_DOCS, issue 16). Its routes are the plugin's, registered before the access checks.
  if (ctx.config.apiDocs !== 'off') {
    await app.register(swaggerUi, {
      routePrefix: '/fc-common-api/docs',
      uiConfig: { docExpansion: 'list' },
      // eslint-disable-next-line @typescript-eslint/no-misused-promises -- Fastify awaits an async hook
      ...(ctx.config.apiDocs === 'corporate' ? { uiHooks: { onRequest: requireAccess(ctx, 'corporate') } } : {}),
    });
  }

  registerErrorHandler(app);
  if (!ctx.principals && ctx.config.SESSION_CACHE_ENTRIES > 0) {
    const principals = createPrincipalCache({ maxEntries: ctx.config.SESSION_CACHE_ENTRIES, maxAgeMs: 60_000, quietMs: 250 });
    const changes = await listenForPrincipalChanges(ctx.database, principals, {
      onError: (err) =>
        app.log.warn({ err }, 'the connection that hears session changes failed; sessions are read on every request until it is back'),
    });
    ctx.principals = principals;
    app.addHook('onClose', async () => {
      await changes.stop();
      ctx.principals = undefined;
    });
  }
  registerAccess(app, ctx);
  registerSecondFactorGuards(app, ctx);
  ctx.metrics ??= createMetrics({ database: ctx.database });
  registerMetrics(app, ctx.metrics, ctx.config.METRICS_TOKEN);
  registerInputChecks(app);

  for (const mod of modules) await app.register(mod(ctx));

  const hasWeb = !!opts.webDist && fs.existsSync(path.join(opts.webDist, 'index.html'));
  // The files are served under /ui and the alternate prefix (index.html asks for /ui/assets/...).
  if (hasWeb) await registerWeb(app, uiPrefixes.slice(0, 2), opts.webDist!);
  const indexHtml = hasWeb ? indexHtmlFor(fs.readFileSync(path.join(opts.webDist!, 'index.html')), opts.webDist!) : undefined;

  // The bare app address (/ui/, /intl/ui/, /beta/ui/ ...) lands where the specification says: the welcome
  // page of a signed-in user, else the landing page; the query (MESSAGE) goes along.
  for (const prefix of uiPrefixes) {
    for (const url of [prefix, prefix.slice(0, -1)]) {
      app.get(url, { config: { access: 'public' } }, async (req, reply) => {
        const query = req.url.includes('?') ? req.url.slice(req.url.indexOf('?')) : '';
        const target = req.principal ? welcomeUrl(ctx, req.principal, aliasOfPath(ctx.config, prefix)) : `${prefix}home`;
        return reply.header('cache-control', 'no-store').redirect(`${target}${query}`, 302);
      });
    }
  }

  app.setNotFoundHandler((req, reply) => {
    const url = req.url.split('?')[0]!;
    // A page of the single-page app: index.html, whose router shows the page or the 404 page.
    const prefix = uiPrefixes.find((p) => url === p.slice(0, -1) || url.startsWith(p));
    if (indexHtml && (req.method === 'GET' || req.method === 'HEAD') && prefix && !url.includes('/assets/')) {
      // An alternate-portal user's pages are under /intl/ui (APP-06): one who opens a /ui/
      // address (a bookmark, a link in an e-mail) is sent to the same page there, so every link it holds is too.
      if (req.principal?.alternatePortalUser && prefix !== alternateUi) {
        return reply.header('cache-control', 'no-store').redirect(`${alternateUi}${req.url.slice(prefix.length)}`, 302);
      }
      return reply
        .type('text/html; charset=utf-8')
        .header('cache-control', 'no-cache')
        .send(indexHtml(url.slice(prefix.length)));
    }
    return sendErrors(reply, 404, [errorObject(404, 'not-found', `No route ${req.method} ${url}`)]);
  });
  // The logo and 'Go home' link to / (APP-05, APP-16): the landing page, under the alias of the page the link was on.
  app.get('/', { config: { access: 'public' } }, async (req, reply) =>
    reply.redirect(underAlias('/ui/home', aliasOfPath(ctx.config, req.headers.referer))),
  );
  return app;
}

/** TRUST_PROXY as Fastify reads it: a boolean, a hop count, or addresses and CIDRs ('loopback' included). */
export function trustProxy(value: string): boolean | string | ((address: string, hop: number) => boolean) {
  const v = value.trim().toLowerCase();
  if (v === 'true') return true;
  if (v === 'false' || v === '') return false;
  if (/^\d+$/.test(v)) {
    const hops = Number(v);
    return (_address, hop) => hop < hops;
  }
  return value.trim();
}

/**
 * The built web app under /ui (and /{alternate prefix}/ui) with a fallback to index.html; hashed assets
 * are cached for a year and served pre-compressed.
 */
async function registerWeb(app: FastifyInstance, uiPrefixes: string[], root: string) {
  for (const prefix of uiPrefixes) {
    await app.register(fastifyStatic, {
      root,
      prefix,
      decorateReply: prefix === '/ui/',
      preCompressed: true,
      wildcard: true,
      index: false,
      setHeaders: (res, file) => {
        res.header('cache-control', file.includes(`${path.sep}assets${path.sep}`) ? 'public, max-age=31536000, immutable' : 'no-cache');
      },
    });
  }
}
