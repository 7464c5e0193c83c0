import type { JobDefinition } from '../jobs/registry';
import { mailJob } from '../mail/outbox';
import { coreFileJob } from './maintenance/index';
import { priceFileJob, transactionFileJob } from './files/index';
import { loyaltyLifecycleJob } from './loyalty-engine/index';
import { itemCodeFileJob } from './loyalty/index';

/**
 * Every background job kind. A module's job is added here and nowhere else: the job infrastructure (src/jobs)
 * knows no module, this list next to the list of routes (index.ts) plugs them in.
 */
export const jobs: JobDefinition[] = [coreFileJob, priceFileJob, transactionFileJob, itemCodeFileJob, loyaltyLifecycleJob, mailJob];
