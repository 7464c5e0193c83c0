export * from './enums';
export * from './address';
export * from './account-request';
export * from './create-customer';
export * from './purchase-requirements';
export * from './lists';
export * from './endpoints/audit';
