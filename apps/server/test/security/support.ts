import fs from 'node:fs';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { JSONAPI_MEDIA_TYPE } from '@fc/contract';
import type { Database } from '../../src/db/client';

/**
 * What the security tests share: the operations of the OpenAPI document, concrete URLs for route
 * patterns, request values taken from the database by parameter name, and the figures each test prints
 * (and writes for `npm run test:reliability`, which gathers them into docs/reliability.json).
 */

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- JSON Schema documents are untyped
export type Schema = any;

export interface Parameter {
  name: string;
  in: 'query' | 'path' | 'header' | 'cookie';
  required?: boolean;
  schema: Schema;
}

export interface Operation {
  method: string;
  /** The OpenAPI path (`{id}`). */
  path: string;
  /** The Fastify route pattern (`:id`). */
  route: string;
  params: Parameter[];
  /** The JSON body schema, when the route declares one. */
  body?: Schema;
}

/** Every operation of the document @fastify/swagger derives from the routes' zod schemas. */
export function operationsOf(app: FastifyInstance): Operation[] {
  const doc = app.swagger() as {
    paths: Record<string, Record<string, { parameters?: Parameter[]; requestBody?: { content: Record<string, { schema: Schema }> } }>>;
  };
  return Object.entries(doc.paths).flatMap(([p, ops]) =>
    Object.entries(ops).map(([method, o]) => ({
      method: method.toUpperCase(),
      path: p,
      route: p.replace(/\{([^}]+)\}/g, ':$1'),
      params: o.parameters ?? [],
      body: o.requestBody?.content['application/json']?.schema,
    })),
  );
}

/** A concrete URL for a route pattern: every path parameter becomes 1. */
export const concrete = (url: string) => url.replace(/:[A-Za-z_]+/g, '1').replace(/\*$/, 'x');

/** A route pattern with its path parameters filled (`:custNo` from `values.custNo`). */
export function fillPath(route: string, values: Record<string, string>): string {
  return route.replace(/:([A-Za-z_]+)/g, (_m, name: string) => encodeURIComponent(values[name] ?? '1'));
}

export function withQuery(url: string, query: [string, string][]): string {
  if (query.length === 0) return url;
  return `${url}?${query.map(([k, v]) => `${encodeURIComponent(k)}=${encodeURIComponent(v)}`).join('&')}`;
}

/**
 * The database column a request parameter names: `filter[cust_no]` and `custNo` name `cust_no`;
 * a few parameters carry another name for a column (the price download's `data_seq` is a file's `seq`).
 */
export function columnOfParameter(name: string): string {
  const inner = /^filter\[(.+)\]$/.exec(name)?.[1] ?? name;
  const snake = inner.replace(/([a-z0-9])([A-Z])/g, '$1_$2').toLowerCase();
  return PARAMETER_ALIASES[snake] ?? snake;
}

const PARAMETER_ALIASES: Record<string, string> = {
  data_seq: 'seq',
  sequence: 'seq',
  bundle: 'bundle_seq',
  item_code_seq: 'item_code_seq',
};

/**
 * The values of one column in the rows a WHERE clause selects, in every public table that has both the
 * column and the columns the clause uses (e.g. every table's `cust_loyalty_program_seq` of customer
 * 10002's rows). Answers distinct values as strings.
 */
export async function valuesOf(
  database: Database,
  column: string,
  where: { column: string; values: (string | number)[] },
): Promise<string[]> {
  const { rows: tables } = await database.query<{ table_name: string }>(
    `select c.table_name from information_schema.columns c
       join information_schema.tables t using (table_schema, table_name)
      where c.table_schema = 'public' and t.table_type = 'BASE TABLE' and c.column_name = $1
        and exists (select 1 from information_schema.columns w
                     where w.table_schema = 'public' and w.table_name = c.table_name and w.column_name = $2)
      order by 1`,
    [column, where.column],
  );
  const out = new Set<string>();
  for (const { table_name } of tables) {
    const { rows } = await database.query<{ v: string }>(
      `select distinct "${column}"::text as v from "${table_name}" where "${where.column}"::text = any($1::text[]) and "${column}" is not null`,
      [where.values.map(String)],
    );
    for (const r of rows) out.add(r.v);
  }
  return [...out];
}

/** Prints one section's figures and, under `npm run test:reliability`, writes them for the result file. */
export function recordFigures(section: string, figures: Record<string, unknown>): void {
  console.log(`figures ${section}: ${JSON.stringify(figures)}`);
  const dir = process.env.RELIABILITY_FIGURES_DIR;
  if (!dir) return;
  fs.mkdirSync(dir, { recursive: true });
  const database = process.env.DATABASE_URL ? 'postgresql' : 'pglite';
  fs.writeFileSync(path.join(dir, `${section}.${database}.json`), JSON.stringify({ section, database, ...figures }, null, 2));
}

// ---- the JSON:API document shape (packages/contract/src/core/jsonapi.ts, rule API-02) -------------

const errorObjectSchema = z.strictObject({
  id: z.string().optional(),
  status: z.string().regex(/^[45]\d\d$/),
  code: z.string().min(1),
  title: z.string().min(1),
  detail: z.string().optional(),
  source: z.strictObject({ pointer: z.string().startsWith('/').optional(), parameter: z.string().min(1).optional() }).optional(),
  meta: z.record(z.string(), z.unknown()).optional(),
});

/** A JSON:API error document: errors only, never data. */
export const errorDocumentSchema = z.strictObject({
  errors: z.array(errorObjectSchema).min(1),
  meta: z.record(z.string(), z.unknown()).optional(),
});

const resourceObjectSchema = z.strictObject({
  type: z.string().min(1),
  id: z.string().min(1),
  attributes: z.record(z.string(), z.unknown()),
  relationships: z.record(z.string(), z.unknown()).optional(),
  links: z.record(z.string(), z.unknown()).optional(),
  meta: z.record(z.string(), z.unknown()).optional(),
});

/** A JSON:API data document as the portal sends it: data is always an array of resource objects. */
export const dataDocumentSchema = z.strictObject({
  data: z.array(resourceObjectSchema),
  meta: z.record(z.string(), z.unknown()).optional(),
  links: z.record(z.string(), z.string()).optional(),
  included: z.array(resourceObjectSchema).optional(),
});

/** The health probes, which answer plain JSON (`{"status":"ok"}`) for load balancers. */
export const PROBES = new Set(['/healthz', '/readyz']);

/**
 * Why an answer does not match the JSON:API document, or undefined when it does. An error (4xx, 5xx)
 * must be a JSON:API error document whose first status is the HTTP status; a 2xx in JSON must be a
 * JSON:API data document with the JSON:API media type. Other 2xx answers (CSV downloads, HTML pages, the
 * spreadsheet template) and redirects are not JSON:API documents and are counted apart; so are the probes.
 */
export function documentProblem(status: number, contentType: string, payload: string, path = ''): string | undefined {
  const isJson = /json/.test(contentType);
  if (PROBES.has(path)) {
    // A load balancer's probe: plain JSON with a status, not a JSON:API document.
    try {
      return typeof (JSON.parse(payload) as { status?: unknown }).status === 'string' ? undefined : 'probe answer without a status';
    } catch {
      return 'probe answer is not JSON';
    }
  }
  if (status >= 400) {
    if (!contentType.startsWith(JSONAPI_MEDIA_TYPE)) return `error answered as ${contentType || 'nothing'}`;
    let body: unknown;
    try {
      body = JSON.parse(payload);
    } catch {
      return 'error body is not JSON';
    }
    const parsed = errorDocumentSchema.safeParse(body);
    if (!parsed.success) return `error document: ${z.prettifyError(parsed.error).slice(0, 300)}`;
    if (parsed.data.errors[0]!.status !== String(status)) return `errors[0].status ${parsed.data.errors[0]!.status} is not ${status}`;
    return undefined;
  }
  if (status >= 200 && status < 300 && isJson && status !== 204) {
    if (!contentType.startsWith(JSONAPI_MEDIA_TYPE)) return `JSON answered as ${contentType}, not ${JSONAPI_MEDIA_TYPE}`;
    let body: unknown;
    try {
      body = JSON.parse(payload);
    } catch {
      return 'body is not JSON';
    }
    const parsed = dataDocumentSchema.safeParse(body);
    if (!parsed.success) return `data document: ${z.prettifyError(parsed.error).slice(0, 300)}`;
  }
  return undefined;
}

/** The sign-out routes (GET and POST): a call ends the caller's session. */
export const SIGN_OUT = /\/logout$/;

export interface RegisteredRoute {
  method: string;
  url: string;
  access: string;
}

/**
 * The routes that read an uploaded file, found among the registered routes rather than listed by hand:
 * every state-changing route is sent a multipart form without a file, by a user it admits, and a route
 * that reads a file answers 4xx naming the `file` field (the shared upload reader, src/http/multipart.ts, and its checks, src/modules/inbound-files/upload.ts).
 * A route that answers such a form with a 5xx is listed in `crashes`.
 */
export async function findUploadRoutes(
  app: FastifyInstance,
  cookieFor: (route: RegisteredRoute) => string | undefined,
  origin: string,
): Promise<{ routes: RegisteredRoute[]; crashes: string[] }> {
  const found: RegisteredRoute[] = [];
  const crashes: string[] = [];
  const boundary = '----fc-probe';
  // Sign-out would end the prober's session.
  for (const r of app.routeAccess.filter((x) => ['POST', 'PUT', 'PATCH'].includes(x.method) && !SIGN_OUT.test(x.url))) {
    const cookie = cookieFor(r);
    const res = await app.inject({
      method: r.method as 'POST',
      url: concrete(r.url),
      headers: {
        'content-type': `multipart/form-data; boundary=${boundary}`,
        'x-requested-with': 'XMLHttpRequest',
        origin,
        ...(cookie ? { cookie } : {}),
      },
      payload: `--${boundary}\r\nContent-Disposition: form-data; name="note"\r\n\r\nno file here\r\n--${boundary}--\r\n`,
    });
    if (res.statusCode >= 500) crashes.push(`${r.method} ${r.url} answered a multipart form without a file with ${res.statusCode}`);
    if (res.statusCode < 400 || res.statusCode >= 500) continue;
    const errors = (JSON.parse(res.payload) as { errors?: { source?: { pointer?: string } }[] }).errors ?? [];
    if (errors.some((e) => e.source?.pointer === '/file')) found.push(r);
  }
  return { routes: found, crashes };
}

/** Files under a directory, recursively (an upload must leave none). */
export async function filesUnder(dir: string): Promise<string[]> {
  const entries = await fs.promises.readdir(dir, { recursive: true, withFileTypes: true }).catch(() => []);
  return entries.filter((e) => e.isFile()).map((e) => path.join(e.parentPath, e.name));
}

/**
 * The records of a CSV file as a spreadsheet reads them with the given list separator (issue 16): a field
 * that starts with a double quote is quoted (two quotes are one; the closing quote ends the quoting, and
 * what follows up to the separator is taken as it is); any other field runs to the separator or the line's
 * end. A comma-separated file opened with a semicolon separator is read this way by many European locales.
 */
export function spreadsheetRecords(text: string, separator: ',' | ';'): string[][] {
  const records: string[][] = [];
  let fields: string[] = [];
  let i = 0;
  while (i < text.length) {
    let field = '';
    if (text[i] === '"') {
      i++;
      while (i < text.length) {
        if (text[i] === '"') {
          if (text[i + 1] === '"') {
            field += '"';
            i += 2;
            continue;
          }
          i++;
          break;
        }
        field += text[i++];
      }
    }
    while (i < text.length && text[i] !== separator && text[i] !== '\n') field += text[i++];
    fields.push(field);
    if (i >= text.length || text[i] === '\n') {
      records.push(fields);
      fields = [];
    }
    i++;
  }
  return records;
}

/** A field a spreadsheet would run as a formula: one that starts with =, +, @, tab, CR or NUL, or with a minus that is not a plain negative number. */
export function isFormula(field: string): boolean {
  if (/^[=+@\t\r\0]/.test(field)) return true;
  return field.startsWith('-') && !/^-\d+(\.\d+)?$/.test(field);
}
