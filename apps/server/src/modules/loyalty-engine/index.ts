/**
 * The rebate engine (issue 9), for other modules (the corporate back office composes these into its
 * paged lists; see docs/notes/loyalty-schema.md).
 */
export {
  closedStatusesSql,
  effectiveStatusSql,
  enrolmentBaseSql,
  enrolmentFiguresSql,
  itemQualifiesSql,
  refreshSpendSql,
  templateFiguresSql,
  transactionQualifiesSql,
} from './sql';
export { enrolmentFigures, rows, today, toNumber, type EnrolmentFiguresRow } from './repo';
export { recountedSpend, runLifecycle, unenrolEnrolments, type LifecycleResult } from './lifecycle';
export { runDailyLifecycle } from './service';
export { loyaltyEngineRoutes } from './routes';
export { loyaltyLifecycleJob } from './job';
