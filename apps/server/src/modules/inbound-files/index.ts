/**
 * Inbound files, the platform every upload is built on (decision 0820): price files and transaction files
 * (`files`), core uploads (`maintenance`) and item-code imports (`loyalty`) use this and nothing inside it.
 *
 * - upload checks: `checkCsvUpload` of an upload read by `readUpload` (src/http/multipart.ts): fields, type, size, encoding, binary content, rows, columns, line length), `bodyOf`;
 * - storage and units: `acceptInboundFile` (the `inbound_files` row, its job and its audit record in one
 *   transaction), `refuseUpload` (a refused file as a failed unit), `unitByJob` (a unit's status), `scopeOf`;
 * - the job framework: `defineFileJob` (claim, heartbeat, progress, retries, one recorded end), `recordOutcome`,
 *   `runUnitNow` (a unit's job run in its request), `csvBatches`;
 * - results: `sendUnitResult`; messages: `englishMessage`.
 */
export { acceptInboundFile, refuseUpload, type AcceptedFile } from './store';
export { bodyOf, checkCsvUpload, type CsvUpload } from './upload';
export { CsvFileError, batchSizeFor, csvBatches, type CsvRecord } from './csv';
export { defineFileJob, recordOutcome, type FileHandler, type FileOutcome, type InboundFile } from './job';
export { englishMessage, priceMessage } from './messages';
export { runUnitNow, scopeOf, sendUnitResult, unitByJob, type UnitStatus } from './units';
