import { z } from 'zod';
import { endpoint, jsonApi } from '../../core/endpoint';

const countryCode = z.enum(['US', 'CA', 'MX', 'BS']);

/** A state of the request form's type-ahead (CUST-13): its code, name and country. */
export const stateAttributes = z.object({ value: z.string(), label: z.string(), country: countryCode });
/** A state option as the answer carries it and the contract's STATES list holds it. */
export type StateOption = z.output<typeof stateAttributes>;

/** One option list of the address fields: countries, states, address types, express mail types. */
export const addressOptionAttributes = z.object({
  name: z.string(),
  options: z.array(
    z.object({ value: z.union([z.number(), z.string()]), label: z.string(), iso: countryCode.optional(), country: countryCode.optional() }),
  ),
});

export const addressEndpoints = {
  states: endpoint({
    method: 'GET',
    path: '/fc-common-api/address/states',
    tag: 'customers',
    summary: 'The served states and provinces, each with its country',
    access: 'public',
    answer: jsonApi('states', stateAttributes),
  }),
  options: endpoint({
    method: 'GET',
    path: '/fc-common-api/address/options',
    tag: 'customers',
    summary: 'The option lists of an address: countries, states, address types and express mail types',
    access: 'public',
    answer: jsonApi('address-options', addressOptionAttributes),
  }),
};
