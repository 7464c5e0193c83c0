export * from './core/index';
export * from './auth/index';
