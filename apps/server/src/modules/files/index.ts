/**
 * The inbound-files module, as the rest of the server sees it (decision 0800): its routes and jobs, and the
 * upload, CSV and job pieces other modules' files (core uploads, item codes) are built on.
 */
export { filesRoutes } from './routes';
export { priceFileJob } from './price-job';
export { transactionFileJob } from './transactions-job';
export { acceptInboundFile } from './service';
export { bodyOf, readCsvUpload } from './upload';
export { CsvFileError, csvBatches } from './csv';
export { defineFileJob, type FileOutcome, type InboundFile } from './job';
export { englishMessage } from './messages';
export { scopeOf } from './repo';
