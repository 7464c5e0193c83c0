import type { EndpointDef, EndpointRef, PathParamsOf } from './endpoint';

// Apart from endpoint.ts, which builds zod schemas: a page that only calls an endpoint loads no zod (decision 0950).
/** `/things/:id` with the parameters filled in, each encoded. */
export function endpointPath<E extends EndpointDef>(e: E | EndpointRef<E>, params?: PathParamsOf<E>): string {
  const values = (params ?? {}) as Record<string, string | number>;
  return e.path.replace(/:([A-Za-z0-9_]+)/g, (_, name: string) => {
    const value = values[name];
    if (value === undefined) throw new Error(`${e.method} ${e.path}: path parameter ${name} is missing`);
    return encodeURIComponent(String(value));
  });
}
