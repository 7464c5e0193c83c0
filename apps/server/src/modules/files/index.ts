/**
 * Price files, the file-status page and transaction files, as the rest of the server sees it (decision 0800):
 * routes and jobs. The upload, storage and job pieces they are built on are the platform's (`inbound-files`).
 */
export { filesRoutes } from './routes';
export { priceFileJob } from './price-job';
export { transactionFileJob } from './transactions-job';
