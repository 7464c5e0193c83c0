export * from './schemas';
export * from './app-config';
