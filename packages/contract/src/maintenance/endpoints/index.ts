import type { EndpointDef } from '../../core/endpoint';
import { coreEndpoints } from './core';
import { partsEndpoints } from './parts';
import { taxEndpoints } from './tax';

const named = (resource: string, map: Record<string, EndpointDef>) =>
  Object.fromEntries(Object.entries(map).map(([name, e]) => [`${resource}.${name}`, e]));

/** Every endpoint of the maintenance screens: parts mapping, tax configuration and core management. */
export const maintenanceEndpoints: Record<string, EndpointDef> = {
  ...named('parts', partsEndpoints),
  ...named('tax', taxEndpoints),
  ...named('core', coreEndpoints),
};
