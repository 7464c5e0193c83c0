import type { EndpointDef } from '../core/endpoint';
import { accountRequestEndpoints } from '../customers/endpoints/account-requests';
import { addressEndpoints } from '../customers/endpoints/address';
import { authEndpoints } from '../auth/endpoints/index';
import { auditEndpoints } from '../customers/endpoints/audit';
import { customerEndpoints } from '../customers/endpoints/customers';
import { purchasingRequirementsEndpoints } from '../customers/endpoints/purchase-requirements';
import { bundleEndpoints, itemCodeEndpoints, templateEndpoints } from '../loyalty/endpoints/index';
import { maintenanceEndpoints } from '../maintenance/endpoints/index';
import { custProgramEndpoints } from '../loyalty/endpoints/customer-programs';
import { enrolmentEndpoints } from '../loyalty/endpoints/enrolments';
import { priceFileEndpoints } from '../files/endpoints/price-files';

/**
 * Every endpoint of the API, one entry per method and path (issue 18). The server registers each from here
 * and a test fails on a route outside this list; the OpenAPI document is generated from the same entries.
 * Each domain adds its own map.
 */
export const ENDPOINT_GROUPS: Record<string, Record<string, EndpointDef>> = {
  audit: auditEndpoints,
  address: addressEndpoints,
  accountRequests: accountRequestEndpoints,
  customers: customerEndpoints,
  purchasingRequirements: purchasingRequirementsEndpoints,
  maintenance: maintenanceEndpoints,
  auth: authEndpoints,
  loyaltyEnrolments: enrolmentEndpoints,
  loyaltyCustPrograms: custProgramEndpoints,
  loyaltyTemplates: templateEndpoints,
  loyaltyBundles: bundleEndpoints,
  loyaltyItemCodes: itemCodeEndpoints,
  files: priceFileEndpoints,
};

export const ENDPOINTS: EndpointDef[] = Object.values(ENDPOINT_GROUPS).flatMap((group) => Object.values(group));
