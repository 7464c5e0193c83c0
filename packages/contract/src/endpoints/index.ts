import type { EndpointDef } from '../core/endpoint';
import { auditEndpoints } from '../customers/endpoints/audit';

/**
 * Every endpoint of the API, one entry per method and path (issue 18). The server registers each from here
 * and a test fails on a route outside this list; the OpenAPI document is generated from the same entries.
 * Each domain adds its own map.
 */
export const ENDPOINT_GROUPS: Record<string, Record<string, EndpointDef>> = {
  audit: auditEndpoints,
};

export const ENDPOINTS: EndpointDef[] = Object.values(ENDPOINT_GROUPS).flatMap((group) => Object.values(group));
