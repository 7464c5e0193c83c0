import { defineFileJob } from '../inbound-files/index';
import { processCoreFile } from './core-service';

/** The background job of core management uploads (Coreless and Price Verify). */
export const coreFileJob = defineFileJob('core', processCoreFile);
