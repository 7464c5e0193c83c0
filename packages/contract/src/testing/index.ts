// Forms that pass every rule of the contract, shared by the tests of the contract, the server and the web
// app so that each side checks the same request (`@fc/contract/testing`). Only tests import this folder.
import { applyProgramChange } from '../customers/customer-transitions';
import { customerDefaults, type CustomerForm } from '../customers/customer-form';
import type { AccountRequestForm } from '../customers/account-request';

/** An account request (the public request form) that passes every rule. */
export const validAccountRequest: AccountRequestForm = {
  full_name: 'Pat Doe',
  job_title: 'Fleet manager',
  phone: '6305550100',
  email: 'pat@example.com',
  account_number: '12345',
  company_name: 'Acme',
  address: '1 Main St',
  city: 'Lisle',
  state: 'IL',
  zip: '60532',
};

/** A create-customer form that passes every rule: program 96 with navistar receivable, a US address. */
export function validCustomerForm(overrides: Partial<CustomerForm> = {}): CustomerForm {
  return {
    ...applyProgramChange(customerDefaults(), 96),
    cust_name: 'Prairie Haulers',
    currency: 0,
    sub_group_key: 0,
    payment_type: 0,
    limit: '25000.00',
    name: 'Prairie Haulers',
    contact: 'Jamie Fox',
    address_1: '1 Grain Rd',
    city: 'Omaha',
    country: 0,
    state: 'NE',
    zip: '68102',
    phone: '4025550123',
    ...overrides,
  };
}

/** The demo customer (`customer`, of customer 10001) as users/current sends it, attribute names as on the wire. */
export const demoCustomerUserAttributes = {
  username: 'customer',
  'full-name': 'Casey Customer',
  'account-type': 2,
  'working-account-type': null,
  'alternate-portal-user': 'N',
  'sso-user': 'N',
  'granted-tasks': [510],
  language: 0,
  'cust-no': 10001,
  'merchant-no': null,
} as const;
