/** JSON:API documents as the portal sends them (API-02). */
export const JSONAPI_MEDIA_TYPE = 'application/vnd.api+json';

export interface ResourceObject<A = Record<string, unknown>> {
  type: string;
  id: string;
  attributes: A;
}

export interface PageLinks {
  first?: string;
  prev?: string;
  next?: string;
  last?: string;
}

export interface ListMeta {
  /**
   * The number of rows the list holds under its filters: exact, or an estimate when
   * `record_count_estimated` is true (a wide list of a large table, decision 0600; `count=exact` asks for
   * the exact number). An estimate is the database planner's and may be up to 10 seconds old (decision 0940).
   */
  record_count: number;
  record_count_estimated?: true;
  [k: string]: unknown;
}

export interface JsonApiDocument<A = Record<string, unknown>> {
  data: ResourceObject<A>[];
  meta?: ListMeta | Record<string, unknown>;
  links?: PageLinks;
}

export interface JsonApiError {
  status: string;
  code: string;
  title: string;
  detail?: string;
  source?: { pointer?: string; parameter?: string };
  meta?: Record<string, unknown>;
}

export interface JsonApiErrorDocument {
  errors: JsonApiError[];
}

/** Table pagination shape (UI-02), derived from a list's meta and page. */
export interface Pagination {
  total: number;
  per_page: number;
  current_page: number;
  last_page: number;
  from: number;
  to: number;
}

export function pagination(total: number, perPage: number, currentPage: number): Pagination {
  const lastPage = Math.max(1, Math.ceil(total / perPage));
  const from = total === 0 ? 0 : (currentPage - 1) * perPage + 1;
  return { total, per_page: perPage, current_page: currentPage, last_page: lastPage, from, to: Math.min(total, currentPage * perPage) };
}

export const kebabCase = (s: string) => s.replace(/[A-Z]/g, (c) => `-${c.toLowerCase()}`).replace(/_/g, '-');
export const camelCase = (s: string) => s.replace(/[-_]([a-z0-9])/g, (_, c: string) => c.toUpperCase());
