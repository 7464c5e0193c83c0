// The endpoints of the loyalty back office (issue 18): programme templates, bundles and item codes.
export * from './templates';
export * from './bundles';
export * from './item-codes';
