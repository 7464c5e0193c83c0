import {
  endpointPath,
  type AttributesOf,
  type BodyOf,
  type DefOf,
  type EndpointDef,
  type EndpointRef,
  type PathParamsOf,
} from '@fc/contract';
import { api, download, upload, type ApiResponse, type RequestOptions } from './api-client';

/** What a call of endpoint E takes: its path parameters (when its path has any), query and body. */
export type CallInput<E extends EndpointDef> = (PathParamsOf<E> extends undefined
  ? { params?: undefined }
  : { params: PathParamsOf<E> }) & {
  query?: RequestOptions['query'];
  body?: BodyOf<E>;
} & Pick<RequestOptions, 'signal' | 'noAuthRedirect' | 'headers'>;

/** Calls without path parameters may leave the input out. */
type InputArgs<E extends EndpointDef> = PathParamsOf<E> extends undefined ? [input?: CallInput<E>] : [input: CallInput<E>];

/**
 * Calls a contract endpoint (issue 18): the path, method and answer type come from its description, so the
 * web holds no path literal or hand-written answer type. Answers are flattened as api() does. A reference
 * (`sessionEndpointRefs.checkUser`) types the call the same way without loading the description's schemas,
 * which the landing page and a list's first frame cannot afford (decision 0950).
 */
export function call<R extends EndpointDef | EndpointRef>(
  e: R,
  ...[input]: InputArgs<DefOf<R>>
): Promise<ApiResponse<AttributesOf<DefOf<R>>>> {
  type E = DefOf<R>;
  const { params, ...opts } = (input ?? {}) as CallInput<E>;
  return api<AttributesOf<E>>(endpointPath<E>(e as E, params as PathParamsOf<E>), { ...opts, method: e.method });
}

/** A multipart upload to a contract endpoint, with progress. */
export function callUpload<E extends EndpointDef>(
  e: E,
  form: FormData,
  options: { params?: PathParamsOf<E>; onProgress?: (fraction: number) => void } = {},
): Promise<ApiResponse<AttributesOf<E>>> {
  return upload<AttributesOf<E>>(endpointPath(e, options.params), form, options.onProgress);
}

/** A file of a contract endpoint (CSV export, result file) through the browser's own download. */
export function callDownload<E extends EndpointDef>(
  e: E,
  fileName: string,
  options: { params?: PathParamsOf<E>; query?: RequestOptions['query']; signal?: AbortSignal } = {},
): Promise<void> {
  return download(endpointPath(e, options.params), fileName, { query: options.query, signal: options.signal });
}
