import { endpointPath, type AttributesOf } from '@fc/contract';
import { coreEndpoints } from '@fc/contract/maintenance';

/** The core upload (multipart: file and type; 0 Coreless, 1 Price Verify), sent by useFileJob. */
export const CORE_UPLOAD_PATH = endpointPath(coreEndpoints.upload);

export type CoreUploadAnswer = AttributesOf<typeof coreEndpoints.upload>;
