import type { JobDefinition } from './registry';
import { priceFileJob } from '../modules/files/price-job';
import { transactionFileJob } from '../modules/files/transactions-job';
import { coreFileJob } from '../modules/maintenance/job';
import { loyaltyLifecycleJob } from '../modules/loyalty-engine/job';
import { mailJob } from '../mail/outbox';

/** Every background job kind. A module's job is added here and nowhere else. */
export const jobs: JobDefinition[] = [coreFileJob, priceFileJob, transactionFileJob, loyaltyLifecycleJob, mailJob];
