import { z } from 'zod';
import { endpoint, jsonApi, type CamelDeep } from '../../core/endpoint';

/** The customer's details as the purchase requirements page shows them (PREQ-05); wire keys stay kebab-case. */
export const custDetailsWire = z.object({
  'cust-no': z.number(),
  'cust-name': z.string(),
  'address-1': z.string(),
  'address-2': z.string(),
  'city-state-zip': z.string(),
  phone: z.string(),
  /** 0 US, 1 Canada, 2 Mexico, 3 Bahamas. */
  country: z.number(),
  'price-level': z.number().nullable(),
  'all-makes-price-level': z.number().nullable(),
  program: z.number(),
  'card-types': z.string(),
  'card-no': z.string(),
  'show-card': z.boolean(),
  'us-allowed': z.boolean(),
  'ca-allowed': z.boolean(),
  ebs: z.string(),
  'sub-group-key': z.number(),
  'has-cummins-discount': z.boolean(),
  'tax-exempt': z.boolean(),
  'po-num-required-on-credits': z.boolean(),
});

/** PREQ-05, PREQ-06: the details, the card options and the column rules of the customer's first card. */
export const purchasingRequirementsAttributes = z.object({
  'cust-details': custDetailsWire,
  'card-options': z.array(z.object({ 'card-option': z.number() })),
  'column-info': z.array(
    z.object({
      /** 0 PO, 1 unit, 2 VIN. */
      'column-type': z.number(),
      /** 0 length, 1 prefix, 2 suffix, 3 amount. */
      'rule-type': z.number(),
      value: z.string(),
    }),
  ),
});

/**
 * The answer as the server builds it and the web reads it: every key camelCased (the nested objects keep
 * kebab-case keys on the wire). Derived from the schema, so that neither side declares it by hand.
 */
export type PurchasingRequirementsResponse = CamelDeep<z.output<typeof purchasingRequirementsAttributes>>;
export type CustDetails = PurchasingRequirementsResponse['custDetails'];
export type CardOption = PurchasingRequirementsResponse['cardOptions'][number];
export type ColumnInfo = PurchasingRequirementsResponse['columnInfo'][number];

export const purchasingRequirementsEndpoints = {
  get: endpoint({
    method: 'GET',
    path: '/fc-common-api/cards/cust/purchasing_requirements',
    tag: 'customers',
    summary: 'The signed-in customer’s purchase requirements: its details, card options and column rules',
    access: 'customer',
    answer: jsonApi('purchasing-requirements', purchasingRequirementsAttributes),
  }),
};
