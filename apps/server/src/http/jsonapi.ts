import type { FastifyReply } from 'fastify';
import { JSONAPI_MEDIA_TYPE, kebabCase, pagination, type ResourceObject } from '@fc/contract';

/**
 * Attribute names in kebab case, remembered: a list maps the same few names on every row of every page
 * (issue 22: two regular expressions per cell were a visible share of a list request). Bounded, as stored
 * options can bring names of their own.
 */
const kebabNames = new Map<string, string>();
function kebabName(k: string): string {
  let name = kebabNames.get(k);
  if (name === undefined) {
    name = kebabCase(k);
    if (kebabNames.size < 5_000) kebabNames.set(k, name);
  }
  return name;
}

/** A resource object with kebab-case attribute names (API-02). */
export function resource(type: string, id: string | number, attributes: Record<string, unknown>): ResourceObject {
  const attrs: Record<string, unknown> = {};
  for (const k in attributes) {
    if (!Object.hasOwn(attributes, k)) continue;
    const v = attributes[k];
    attrs[kebabName(k)] = v instanceof Date ? v.toISOString() : v;
  }
  return { type, id: String(id), attributes: attrs };
}

export function sendData(reply: FastifyReply, data: ResourceObject[], meta?: Record<string, unknown>, status = 200) {
  return reply
    .code(status)
    .type(JSONAPI_MEDIA_TYPE)
    .send(meta ? { data, meta } : { data });
}

/** The answer of a write that the specification reads as data[0].status. */
export function sendResult(
  reply: FastifyReply,
  attributes: Record<string, unknown> & { status?: string },
  id: string | number = 'result',
  status = 200,
) {
  return sendData(reply, [resource('result', id, { status: 'success', ...attributes })], undefined, status);
}

/** A page of a list with meta.record_count (and record_count_estimated when it is), the pagination shape and page links. */
export function sendList(
  reply: FastifyReply,
  opts: {
    url: string;
    type: string;
    rows: { id: string | number; attributes: Record<string, unknown> }[];
    total: number;
    /** `total` is an estimate: meta.record_count_estimated (decision 0600). */
    estimated?: boolean;
    page: { number: number; size: number };
    /** page[after] of links.next: the next page read by seeking (keyset paging, decision 0620). */
    nextCursor?: string;
  },
) {
  const { total, page } = opts;
  const p = pagination(total, page.size, page.number);
  return reply.type(JSONAPI_MEDIA_TYPE).send({
    data: opts.rows.map((r) => resource(opts.type, r.id, r.attributes)),
    meta: { record_count: total, ...(opts.estimated ? { record_count_estimated: true } : {}), pagination: p },
    links: pageLinks(opts.url, page, p.last_page, opts.nextCursor),
  });
}

type PageLinks = { first: string; last: string; prev?: string; next?: string };

/**
 * Page links by request address, last page and next cursor, remembered (issue 22): a list asked again for
 * the same page answers the same links, and building them parsed the address and copied its parameters four
 * times. Bounded: addresses up to 512 characters, the oldest forgotten. The links depend on the address alone,
 * never on who asks.
 */
const linksKept = new Map<string, Readonly<PageLinks>>();
const LINKS_KEPT = 2_000;

function pageLinks(url: string, page: { number: number; size: number }, lastPage: number, nextCursor: string | undefined) {
  const key = `${url}\u0000${page.number}\u0000${page.size}\u0000${lastPage}\u0000${nextCursor ?? ''}`;
  let links = linksKept.get(key);
  if (links) return links;
  // The request's address is parsed once; each link copies its parameters (a list answers up to four links).
  const { pathname, searchParams } = new URL(url, 'http://x');
  const link = (n: number, cursor?: string) => {
    const params = new URLSearchParams(searchParams);
    params.set('page[number]', String(n));
    params.set('page[size]', String(page.size));
    // The request's own cursor fits only its page: only the next link carries one (the next page's).
    if (cursor) params.set('page[after]', cursor);
    else params.delete('page[after]');
    return `${pathname}?${params.toString()}`;
  };
  links = Object.freeze({
    first: link(1),
    last: link(lastPage),
    ...(page.number > 1 ? { prev: link(Math.min(page.number - 1, lastPage)) } : {}),
    ...(page.number < lastPage ? { next: link(page.number + 1, nextCursor) } : {}),
  });
  if (url.length > 512) return links;
  if (linksKept.size >= LINKS_KEPT) linksKept.delete(linksKept.keys().next().value!);
  linksKept.set(key, links);
  return links;
}
