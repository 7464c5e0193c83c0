import { endpointPath, type AttributesOf } from '@fc/contract';
import { priceFileEndpoints } from '@fc/contract/files';

/** The daily transaction file (multipart, field file), corporate staff only, sent by the upload button. */
export const TRANSACTION_UPLOAD_PATH = endpointPath(priceFileEndpoints.transactionFile);

export type TransactionUploadAnswer = AttributesOf<typeof priceFileEndpoints.transactionFile>;
