import { endpointPath, type AttributesOf } from '@fc/contract';
import { priceFileEndpoints } from '@fc/contract/files';

/** The price file upload (multipart, field file; corporate staff add merchant_no), sent by the upload button. */
export const PRICE_UPLOAD_PATH = endpointPath(priceFileEndpoints.upload);

/** The answer's data (after the client's camelCasing: data.job_id is jobId). */
export type PriceUploadAnswer = AttributesOf<typeof priceFileEndpoints.upload>;
