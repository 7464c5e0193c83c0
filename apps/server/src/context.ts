import type PgBoss from 'pg-boss';
import type { Config } from './config';
import type { Foreground } from './jobs/foreground';
import type { Database, Db } from './db/client';
import type { Mailer } from './mail/mailer';
import type { Metrics } from './metrics';
import type { PrincipalCache } from './http/principal-cache';

/** What every module and job gets: configuration, the database, the job queue and the mailer. */
export interface AppContext {
  config: Config;
  database: Database;
  db: Db;
  /** Absent when jobs are disabled (some tests); senders then leave work queued for `recover`. */
  boss?: PgBoss;
  mailer: Mailer;
  /** The process's interactive traffic, which background jobs pace themselves around; absent in scripts. */
  foreground?: Foreground;
  /** The process's metrics (/metrics); buildApp makes one when the caller gave none. */
  metrics?: Metrics;
  /** The signed-in sessions read lately (decision 0980); buildApp makes it and keeps it current. */
  principals?: PrincipalCache;
}
