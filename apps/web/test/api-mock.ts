import { vi } from 'vitest';
import { demoCustomerUserAttributes } from '@fc/contract/testing';

/** One answer of the fake server: a status and a JSON body (a JSON:API document). */
export interface MockAnswer {
  status?: number;
  body?: unknown;
}

export interface MockCall {
  method: string;
  path: string;
  headers: Record<string, string>;
  body: unknown;
}

type Handler = MockAnswer | ((call: MockCall) => MockAnswer);

/**
 * Replaces fetch with a fake server: `routes` maps "METHOD /path" (query left out) to an answer. An unknown
 * route answers 404 so that a test sees the call it did not expect. Returns the calls made, in order.
 */
export function mockApi(routes: Record<string, Handler>) {
  const calls: MockCall[] = [];
  const fetchMock = vi.fn(async (input: RequestInfo | URL, init: RequestInit = {}) => {
    const url = new URL(input instanceof Request ? input.url : input.toString(), 'http://localhost');
    const method = (init.method ?? 'GET').toUpperCase();
    const call: MockCall = {
      method,
      path: url.pathname,
      headers: Object.fromEntries(Object.entries((init.headers ?? {}) as Record<string, string>).map(([k, v]) => [k.toLowerCase(), v])),
      body: typeof init.body === 'string' ? JSON.parse(init.body) : init.body,
    };
    calls.push(call);
    const handler = routes[`${method} ${url.pathname}`];
    const answer = typeof handler === 'function' ? handler(call) : (handler ?? { status: 404, body: { errors: [{ status: '404' }] } });
    const status = answer.status ?? 200;
    return new Response(status === 204 ? null : JSON.stringify(answer.body ?? { data: [] }), {
      status,
      headers: { 'content-type': 'application/vnd.api+json' },
    });
  });
  vi.stubGlobal('fetch', fetchMock);
  return calls;
}

/** A JSON:API document of one resource with kebab-case attributes, as the server sends it. */
export function resourceDoc(type: string, id: string, attributes: Record<string, unknown>) {
  return { data: [{ type, id, attributes }] };
}

/** The users/current document of a signed-in user (attribute names as the server writes them). */
export function currentUserDoc(over: Record<string, unknown> = {}) {
  return resourceDoc('users', '1', {
    ...demoCustomerUserAttributes,
    username: 'casey',
    ...over,
  });
}
