/**
 * Maintenance screens: parts mapping (PART-01 to PART-06), tax configuration (TAX-01 to TAX-09) and core
 * management (CORE-01 to CORE-07), one file each. The browser's forms and the server's routes use these same schemas and rules.
 */
export * from './parts';
export * from './tax';
export * from './core';
export * from './endpoints/parts';
export * from './endpoints/tax';
export * from './endpoints/core';
export { maintenanceEndpoints } from './endpoints/index';
