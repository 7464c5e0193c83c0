// The loyalty domain: the rebate engine and the customer page (issue 9), and the corporate back office (issue 8).
export * from './engine';
export * from './customer';
export * from './enrolment';
export * from './template-rules';
export * from './template';
export * from './template-form';
export * from './bundle';
export * from './item-code';
export * from './endpoints/enrolments';
export * from './endpoints/customer-programs';
export * from './endpoints/index';
