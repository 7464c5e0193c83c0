/**
 * The rebate engine's rules (LOY-34, LOY-35, LOY-06, LOY-33), as pure functions.
 * The server computes the same figures in SQL (apps/server/src/modules/loyalty-engine/sql.ts); a test runs
 * both on the same data. Money is exact: amounts are turned into integer cents (rates into millionths)
 * and multiplied as BigInt, then rounded half away from zero like PostgreSQL's round(numeric, 2).
 */
export * from './engine-status';
export * from './engine-money';
export * from './engine-milestones';
export * from './engine-figures';
