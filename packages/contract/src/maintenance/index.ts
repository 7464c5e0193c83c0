/**
 * Maintenance screens of document 2: parts mapping (sections 2, 5, 8), tax configuration and core
 * management, one file each. The browser's forms and the server's routes use these same schemas and rules.
 */
export * from './parts';
export * from './tax';
export * from './core';
