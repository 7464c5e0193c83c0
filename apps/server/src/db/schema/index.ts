export * from './auth';
export * from './audit';
export * from './customers';
export * from './files';
export * from './parts';
export * from './prices';
export * from './loyalty';
export * from './maintenance';
