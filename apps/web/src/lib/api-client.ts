import { camelCase, JSONAPI_MEDIA_TYPE, MfaCode, type JsonApiError, type PageLinks } from '@fc/contract';
import { basePath } from './links';

/** A resource object flattened: id and type beside its attributes, keys in camelCase. */
export type Flat<T = Record<string, unknown>> = T & { id: string; type: string };

export interface ApiResponse<T> {
  data: Flat<T>[];
  meta: { recordCount?: number; [k: string]: unknown };
  links?: PageLinks;
}

export class ApiError extends Error {
  constructor(
    public readonly status: number,
    public readonly errors: JsonApiError[],
  ) {
    super(errors[0]?.detail ?? errors[0]?.title ?? `Request failed (${status})`);
  }
  get code(): string | undefined {
    return this.errors[0]?.code;
  }
  /** Field errors by request field name (the last segment of source.pointer or source.parameter). */
  fieldErrors(): Record<string, JsonApiError> {
    const out: Record<string, JsonApiError> = {};
    for (const e of this.errors) {
      const where = e.source?.pointer ?? e.source?.parameter;
      if (where) out[where.replace(/^\//, '').split('/').pop()!] = e;
    }
    return out;
  }
}

function flatten(resource: { id: string; type: string; attributes?: Record<string, unknown> }): Flat {
  const out: Record<string, unknown> = { id: resource.id, type: resource.type };
  for (const [k, v] of Object.entries(resource.attributes ?? {})) out[camelCase(k)] = v;
  return out as Flat;
}

function camelMeta(meta: Record<string, unknown> | undefined): ApiResponse<unknown>['meta'] {
  const out: Record<string, unknown> = {};
  for (const [k, v] of Object.entries(meta ?? {})) out[camelCase(k)] = v;
  return out;
}

export interface RequestOptions {
  method?: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
  query?: URLSearchParams | Record<string, string | number | undefined | null>;
  body?: unknown;
  /** multipart body (uploads); sent as is. */
  form?: FormData;
  signal?: AbortSignal;
  /** Do not send the browser to the login page on 401/403 (the caller handles it). */
  noAuthRedirect?: boolean;
  /** Extra request headers. */
  headers?: Record<string, string>;
}

/** A 403 that asks for a fresh password or code check before a sensitive change (issue 19). */
const isStepUp = (status: number, errors: JsonApiError[]) => status === 403 && errors[0]?.code === MfaCode.StepUpRequired;

/** Asks the user to confirm it is them (the app-wide step-up dialog); true once the server accepted the check. */
type StepUpHandler = () => Promise<boolean>;
let onStepUp: StepUpHandler | undefined;
let pendingStepUp: Promise<boolean> | undefined;
/** The app root installs the step-up dialog; without one a step-up answer fails the call as it came. */
export function setStepUpHandler(handler: StepUpHandler | undefined) {
  onStepUp = handler;
}

/**
 * One dialog for every call that needs the check: calls that fail together (two uploads, a save and a list
 * refresh) wait for the same answer.
 */
function stepUp(): Promise<boolean> {
  if (!onStepUp) return Promise.resolve(false);
  pendingStepUp ??= onStepUp()
    .catch(() => false)
    .finally(() => {
      pendingStepUp = undefined;
    });
  return pendingStepUp;
}

type UnauthorizedHandler = (status: number, error: ApiError, path: string) => void;
let onUnauthorized: UnauthorizedHandler = () => {};
/** The app root installs the redirect (APP-10) (401 or 403 from any call). */
export function setUnauthorizedHandler(handler: UnauthorizedHandler) {
  onUnauthorized = handler;
}

export function buildUrl(path: string, query?: RequestOptions['query']): string {
  const params = query instanceof URLSearchParams ? query : new URLSearchParams();
  if (query && !(query instanceof URLSearchParams)) {
    for (const [k, v] of Object.entries(query)) if (v !== undefined && v !== null && v !== '') params.set(k, String(v));
  }
  const qs = params.toString();
  return qs ? `${path}?${qs}` : path;
}

async function sendOnce(path: string, opts: RequestOptions, retried: boolean): Promise<Response> {
  const headers: Record<string, string> = { accept: JSONAPI_MEDIA_TYPE, 'x-requested-with': 'XMLHttpRequest', ...opts.headers };
  let body: BodyInit | undefined;
  if (opts.form) body = opts.form;
  else if (opts.body !== undefined) {
    headers['content-type'] = JSONAPI_MEDIA_TYPE;
    body = JSON.stringify(opts.body);
  }
  const res = await fetch(buildUrl(path, opts.query), {
    method: opts.method ?? (body ? 'POST' : 'GET'),
    headers,
    body,
    credentials: 'same-origin',
    signal: opts.signal,
  });
  if (!res.ok) {
    let errors: JsonApiError[] = [{ status: String(res.status), code: String(res.status), title: res.statusText }];
    try {
      const doc = (await res.json()) as { errors?: JsonApiError[] };
      if (doc.errors?.length) errors = doc.errors;
    } catch {
      /* not a JSON:API error document */
    }
    const error = new ApiError(res.status, errors);
    // A sensitive change asks again who the user is (issue 19): the dialog, then the same request once more.
    if (isStepUp(res.status, errors)) {
      if (!retried && (await stepUp())) return sendOnce(path, opts, true);
      throw error;
    }
    if ((res.status === 401 || res.status === 403) && !opts.noAuthRedirect) onUnauthorized(res.status, error, path);
    throw error;
  }
  return res;
}

const send = (path: string, opts: RequestOptions) => sendOnce(path, opts, false);

/** One JSON:API call: resource objects flattened and keys camelCased, here and nowhere else. */
export async function api<T = Record<string, unknown>>(path: string, opts: RequestOptions = {}): Promise<ApiResponse<T>> {
  const res = await send(path, opts);
  if (res.status === 204) return { data: [], meta: {} };
  const doc = (await res.json()) as { data?: unknown; meta?: Record<string, unknown>; links?: PageLinks };
  const raw = Array.isArray(doc.data) ? doc.data : doc.data ? [doc.data] : [];
  return { data: raw.map((r) => flatten(r as never)) as Flat<T>[], meta: camelMeta(doc.meta), links: doc.links };
}

/** The header of the check before a download: the server answers 204, or the error the download would get. */
export const DOWNLOAD_CHECK_HEADER = 'x-download-check';

/**
 * A file download (CSV export, result file) through the browser's own download (decision 0630): first a
 * check call (the same GET with `X-Download-Check: 1`, which the server answers 204 after every check it
 * makes before the file, without reading it), so that a refusal (401, 403, 404, 409) rejects with the
 * ApiError that the caller shows; then a plain same-origin link to the file, which the browser follows
 * with the session cookie and saves as it arrives, with its own progress and no copy in the page's memory.
 * The server names the file (Content-Disposition); `fileName` is only the link's suggestion.
 */
export async function download(path: string, fileName: string, opts: Pick<RequestOptions, 'query' | 'signal'> = {}): Promise<void> {
  const url = buildUrl(path, opts.query);
  await send(url, { signal: opts.signal, headers: { [DOWNLOAD_CHECK_HEADER]: '1' } });
  const a = document.createElement('a');
  a.href = url;
  a.download = fileName;
  a.rel = 'noopener';
  a.hidden = true;
  document.body.appendChild(a);
  a.click();
  a.remove();
}

/**
 * An upload with progress (fetch has no upload progress). Resolves with the flattened answer. A step-up
 * answer (issue 19) sends the same form again once the user confirmed it is them.
 */
export async function upload<T = Record<string, unknown>>(
  path: string,
  form: FormData,
  onProgress?: (fraction: number) => void,
): Promise<ApiResponse<T>> {
  try {
    return await uploadOnce<T>(path, form, onProgress);
  } catch (err) {
    if (!(err instanceof ApiError && isStepUp(err.status, err.errors)) || !(await stepUp())) throw err;
    onProgress?.(0);
    return uploadOnce<T>(path, form, onProgress);
  }
}

function uploadOnce<T>(path: string, form: FormData, onProgress?: (fraction: number) => void): Promise<ApiResponse<T>> {
  return new Promise((resolve, reject) => {
    const xhr = new XMLHttpRequest();
    xhr.open('POST', path);
    xhr.setRequestHeader('accept', JSONAPI_MEDIA_TYPE);
    xhr.setRequestHeader('x-requested-with', 'XMLHttpRequest');
    xhr.withCredentials = true;
    xhr.upload.onprogress = (e) => e.lengthComputable && onProgress?.(e.loaded / e.total);
    xhr.onerror = () => reject(new ApiError(0, [{ status: '0', code: 'network', title: 'Network error' }]));
    xhr.onload = () => {
      let doc: { data?: unknown; meta?: Record<string, unknown>; errors?: JsonApiError[] } = {};
      try {
        doc = JSON.parse(xhr.responseText || '{}');
      } catch {
        /* not JSON */
      }
      if (xhr.status >= 400) {
        const error = new ApiError(
          xhr.status,
          doc.errors ?? [{ status: String(xhr.status), code: String(xhr.status), title: xhr.statusText }],
        );
        if ((xhr.status === 401 || xhr.status === 403) && !isStepUp(xhr.status, error.errors)) onUnauthorized(xhr.status, error, path);
        reject(error);
        return;
      }
      const raw = Array.isArray(doc.data) ? doc.data : doc.data ? [doc.data] : [];
      resolve({ data: raw.map((r) => flatten(r as never)) as Flat<T>[], meta: camelMeta(doc.meta) });
    };
    xhr.send(form);
  });
}

export { basePath };
