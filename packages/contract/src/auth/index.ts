export * from './schemas';
export * from './app-config';
export * from './promotions';
export * from './second-factor';
export * from './second-factor-forms';
export * from './endpoints/index';
