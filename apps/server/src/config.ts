import { z } from 'zod';
import path from 'node:path';
import { ENROLMENT_MAX_YEARS_DEFAULT, ENROLMENT_MAX_YEARS_LIMIT } from '@fc/contract/loyalty';
import { DEFAULT_PROMOTIONS, MFA_POLICIES, promotionsSchema, type Promotions } from '@fc/contract';

const bool = z.enum(['true', 'false', '1', '0', 'yes', 'no']).transform((v) => v === 'true' || v === '1' || v === 'yes');

const minutes = z.coerce
  .number()
  .int()
  .min(1)
  .max(24 * 60);

/**
 * Every setting of the server, from environment variables. A bad value stops the start with a message
 * naming the variable; nothing falls back silently.
 */
const envSchema = z.object({
  NODE_ENV: z.enum(['development', 'production', 'test']).default('development'),
  HOST: z.string().default('0.0.0.0'),
  PORT: z.coerce.number().int().min(0).max(65535).default(3000),
  PUBLIC_URL: z.url().optional(),
  DATABASE_URL: z
    .string()
    .regex(/^postgres(ql)?:\/\//, 'must be a postgres:// or postgresql:// address')
    .optional(),
  DATA_DIR: z.string().default('.data'),
  // PostgreSQL only: connections each process may open (several processes: keep the sum under the server's
  // max_connections), and the longest a statement may run before the server cancels it (0: no limit).
  DB_POOL_MAX: z.coerce.number().int().min(2).max(1000).default(10),
  DB_STATEMENT_TIMEOUT_MS: z.coerce.number().int().min(0).max(86_400_000).default(0),
  SMTP_URL: z
    .string()
    .regex(/^smtps?:\/\//, 'must be an smtp:// or smtps:// address')
    .optional(),
  MAIL_FROM: z.string().default('Fleet Charge Portal <no-reply@localhost>'),
  SUPPORT_MAILBOX: z.email().default('support@example.com'),
  // E-mail is sent by a job (decision 0421): a failed attempt is retried this many times, the first after
  // about MAIL_RETRY_DELAY_SECONDS and each next one about twice as long after the previous (with jitter).
  MAIL_RETRY_LIMIT: z.coerce.number().int().min(0).max(20).default(8),
  MAIL_RETRY_DELAY_SECONDS: z.coerce.number().int().min(1).max(3600).default(30),
  BRAND_NAME: z.string().min(1).max(60).default('Fleetrite Fleet Charge'),
  SUPPORT_PHONE: z.string().min(1).default('1-800-555-0199'),
  SUPPORT_EMAIL: z.email().default('fleetcharge@example.com'),
  SUPPORT_HOURS: z.string().default('8:00 am - 5:00 pm CST'),
  SESSION_WARNING_MINUTES: minutes.default(25),
  SESSION_FULL_MINUTES: minutes.default(30),
  // The absolute lifetime of a session (ASVS 3.3.2): after this many hours from sign-in the user signs in
  // again, however active the session has been.
  SESSION_MAX_HOURS: z.coerce
    .number()
    .int()
    .min(1)
    .max(24 * 30)
    .default(12),
  // How many signed-in sessions a process keeps in memory between requests (decision 0980: forgotten at
  // every change the database announces); 0 reads the session from the database on every request.
  SESSION_CACHE_ENTRIES: z.coerce.number().int().min(0).max(1_000_000).default(10_000),
  SESSION_COOKIE_SECURE: bool.optional(),
  LOGIN_LOCK_ATTEMPTS: z.coerce.number().int().min(1).max(100).default(5),
  LOGIN_LOCK_MINUTES: minutes.default(15),
  RESET_TOKEN_MINUTES: minutes.default(60),
  // The second factor (issue 19, decision 0700): who must have one (off: no second factor and no step-up at
  // all), how long the code step of a sign-in lasts, and after how long a sensitive change asks again.
  MFA_POLICY: z.enum(MFA_POLICIES).default('editors'),
  MFA_CHALLENGE_MINUTES: z.coerce.number().int().min(1).max(30).default(5),
  STEP_UP_MINUTES: minutes.default(15),
  // The key that encrypts TOTP secrets at rest (at least 32 characters); absent, a random key is created in
  // DATA_DIR/mfa-encryption.key (one host; set it when several hosts share the database).
  MFA_ENCRYPTION_KEY: z.string().min(32, 'at least 32 characters').max(500).optional(),
  // Sign-in and reset throttles (SECURITY.md): failed sign-ins per address and per username a minute,
  // reset requests per address and per username in 15 minutes.
  LOGIN_FAILURES_PER_ADDRESS: z.coerce.number().int().min(1).max(10_000).default(50),
  LOGIN_FAILURES_PER_USERNAME: z.coerce.number().int().min(1).max(10_000).default(10),
  RESET_REQUESTS_PER_ADDRESS: z.coerce.number().int().min(1).max(10_000).default(20),
  RESET_REQUESTS_PER_USERNAME: z.coerce.number().int().min(1).max(10_000).default(5),
  // The public account-request form (issue 16): requests an hour per client address and per e-mail address,
  // so that nobody floods the support mailbox or the table.
  ACCOUNT_REQUESTS_PER_ADDRESS: z.coerce.number().int().min(1).max(10_000).default(10),
  ACCOUNT_REQUESTS_PER_EMAIL: z.coerce.number().int().min(1).max(10_000).default(3),
  // Which proxies may set X-Forwarded-For (the client address that rate limits count): false, true, a hop
  // count or addresses/CIDRs separated by commas. Trusting everyone would let a client pick its own address.
  TRUST_PROXY: z.string().default('loopback'),
  // Sign-in answers message 237 (site down for maintenance) while this is on; signed-in sessions carry on.
  MAINTENANCE_MODE: bool.default(false),
  // Sign-in of customers and dealers answers message 207 (programme unavailable) while this is false;
  // corporate staff, who run the programme, still sign in (docs/decisions/0100-programme-unavailable.md).
  PROGRAMME_AVAILABLE: bool.default(true),
  // How far ahead a loyalty enrolment or expiration date may be, in years from today (docs/decisions/0342).
  LOYALTY_ENROLMENT_MAX_YEARS: z.coerce.number().int().min(1).max(ENROLMENT_MAX_YEARS_LIMIT).default(ENROLMENT_MAX_YEARS_DEFAULT),
  SEED_DEMO: bool.optional(),
  // Who may read the API reference under /fc-common-api/docs (issue 16): everyone, signed-in corporate
  // users, or nobody (not served). Default: corporate in production, public otherwise.
  API_DOCS: z.enum(['public', 'corporate', 'off']).optional(),
  WEB_DIST: z.string().optional(),
  UPLOAD_MAX_BYTES: z.coerce
    .number()
    .int()
    .min(1024)
    .default(20 * 1024 * 1024),
  JOBS_ENABLED: bool.default(true),
  /** Requests a minute one address may make (all routes; sign-in and reset have their own limits). */
  RATE_LIMIT_MAX: z.coerce.number().int().min(10).max(10_000_000).default(1200),
  // Where RATE_LIMIT_MAX is counted: in the database, shared by every process on it (the default on
  // PostgreSQL), or in this process's memory (the default on the embedded database, one process anyway).
  RATE_LIMIT_STORE: z.enum(['database', 'memory']).optional(),
  // A file job whose process stopped beating for this long is taken over by another process (several
  // processes on one database: README). The heartbeat runs at a quarter of it, the takeover sweep at half.
  JOB_STALE_SECONDS: z.coerce.number().int().min(4).max(3600).default(60),
  // A price file of at least this many rows is parsed, checked and written in a worker thread, off the
  // event loop that answers requests; a smaller one is done faster on the job's own thread (starting the
  // worker takes about half a second).
  PRICE_WORKER_MIN_ROWS: z.coerce.number().int().min(0).default(10_000),
  // GET /metrics in the Prometheus text format (docs/operations.md, "Metrics"), answered to
  // `Authorization: Bearer <METRICS_TOKEN>` only; unset (the default): no such route.
  METRICS_TOKEN: z.string().min(16, 'at least 16 characters').max(200).optional(),
  // Logs as pretty text instead of JSON lines: on by default in development when pino-pretty is installed.
  LOG_PRETTY: bool.optional(),
  // A list whose rows the planner estimates above this many is answered with that estimate as
  // meta.record_count (flagged meta.record_count_estimated) instead of a count of every row per page;
  // at or below it, and with count=exact, the count is exact (decision 0600).
  LIST_EXACT_COUNT_MAX: z.coerce.number().int().min(0).default(10_000),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  ALTERNATE_PORTAL_PREFIX: z
    .string()
    .regex(/^[a-z0-9-]+$/, 'letters, digits and hyphens only')
    .default('intl'),
  // The beta and production aliases of the specification (APP-02): /{BETA_PREFIX}/ui/... and
  // /{PROD_PREFIX}/ui/... serve the same pages as /ui/..., and links stay under the prefix a user came in on.
  BETA_PREFIX: z
    .string()
    .regex(/^[a-z0-9-]+$/, 'letters, digits and hyphens only')
    .default('beta'),
  PROD_PREFIX: z
    .string()
    .regex(/^[a-z0-9-]+$/, 'letters, digits and hyphens only')
    .default('prod'),
  LOGIN_FORM_ACTION: z.string().default('/framework/login/{type}'),
  WELCOME_LINK: z.string().default('/ui/{type}/welcome'),
  LOGIN_PAGE_LINK: z.string().default('/ui/{type}/login'),
  REQUEST_ACCOUNT_LINK: z.string().default('/ui/cust/request'),
  LOGOUT_PATH: z.string().default('/framework/logout'),
  ALTERNATE_LOGOUT_URL: z.string().default('/framework/logout'),
  EXTERNAL_LOGIN_URL: z.string().default('/ui/merc/login'),
  // The portal's own manuals (issue 17): pages of the web app, in the reader's language, printable.
  LINK_DEALER_MANUAL: z.string().default('/ui/manuals/dealer'),
  LINK_CUSTOMER_MANUAL: z.string().default('/ui/manuals/customer'),
  LINK_CONTACT_US: z.string().default('mailto:fleetcharge@example.com'),
  LINK_INTERNATIONAL_TRUCKS: z.string().default('https://www.internationaltrucks.com'),
  LINK_DEALER_LOCATOR: z.string().default('https://www.internationaltrucks.com/dealer-locator'),
  // The public promotions (credit-back and bonus pages): the next offer without a release. Checked as a
  // whole by the contract's promotionsSchema in loadConfig; defaults are the specification's offers.
  CREDIT_BACK_PERCENT: z.coerce.number().default(DEFAULT_PROMOTIONS.creditBack.percent),
  CREDIT_BACK_FROM: z.string().default(DEFAULT_PROMOTIONS.creditBack.from),
  CREDIT_BACK_TO: z.string().default(DEFAULT_PROMOTIONS.creditBack.to),
  CREDIT_BACK_ISSUED: z.string().default(DEFAULT_PROMOTIONS.creditBack.issued),
  BONUS_FROM: z.string().default(DEFAULT_PROMOTIONS.bonus.from),
  BONUS_FIRST_TO: z.string().default(DEFAULT_PROMOTIONS.bonus.firstTo),
  BONUS_FIRST_SPEND: z.coerce.number().default(DEFAULT_PROMOTIONS.bonus.firstSpend),
  BONUS_FIRST_CREDIT: z.coerce.number().default(DEFAULT_PROMOTIONS.bonus.firstCredit),
  BONUS_TO: z.string().default(DEFAULT_PROMOTIONS.bonus.to),
  BONUS_SECOND_SPEND: z.coerce.number().default(DEFAULT_PROMOTIONS.bonus.secondSpend),
  BONUS_SECOND_CREDIT: z.coerce.number().default(DEFAULT_PROMOTIONS.bonus.secondCredit),
});

/** Each promotion field's environment variable, for the message naming a bad one. */
const PROMOTION_VARIABLES = {
  creditBack: { percent: 'CREDIT_BACK_PERCENT', from: 'CREDIT_BACK_FROM', to: 'CREDIT_BACK_TO', issued: 'CREDIT_BACK_ISSUED' },
  bonus: {
    from: 'BONUS_FROM',
    firstTo: 'BONUS_FIRST_TO',
    firstSpend: 'BONUS_FIRST_SPEND',
    firstCredit: 'BONUS_FIRST_CREDIT',
    to: 'BONUS_TO',
    secondSpend: 'BONUS_SECOND_SPEND',
    secondCredit: 'BONUS_SECOND_CREDIT',
  },
} as const;

function promotionsOf(e: z.infer<typeof envSchema>): Promotions {
  const parsed = promotionsSchema.safeParse({
    creditBack: { percent: e.CREDIT_BACK_PERCENT, from: e.CREDIT_BACK_FROM, to: e.CREDIT_BACK_TO, issued: e.CREDIT_BACK_ISSUED },
    bonus: {
      from: e.BONUS_FROM,
      firstTo: e.BONUS_FIRST_TO,
      firstSpend: e.BONUS_FIRST_SPEND,
      firstCredit: e.BONUS_FIRST_CREDIT,
      to: e.BONUS_TO,
      secondSpend: e.BONUS_SECOND_SPEND,
      secondCredit: e.BONUS_SECOND_CREDIT,
    },
  });
  if (parsed.success) return parsed.data;
  const lines = parsed.error.issues.map((i) => {
    const [group, field] = i.path as [keyof typeof PROMOTION_VARIABLES, string];
    const name = (PROMOTION_VARIABLES[group] as Record<string, string>)[field] ?? i.path.join('.');
    return `  ${name}: ${i.message} (got ${JSON.stringify(e[name as keyof typeof e])})`;
  });
  throw new ConfigError(`Invalid configuration:\n${lines.join('\n')}`);
}

export type Env = z.infer<typeof envSchema>;

export interface Config extends Env {
  PUBLIC_URL: string;
  promotions: Promotions;
  dataDir: string;
  secureCookies: boolean;
  seedDemo: boolean;
  /** API_DOCS with its default: who may read /fc-common-api/docs. */
  apiDocs: 'public' | 'corporate' | 'off';
  /** RATE_LIMIT_STORE with its default. */
  rateLimitStore: 'database' | 'memory';
}

export class ConfigError extends Error {}

export function loadConfig(env: NodeJS.ProcessEnv = process.env, cwd = process.cwd()): Config {
  const parsed = envSchema.safeParse(env);
  if (!parsed.success) {
    const lines = parsed.error.issues.map((i) => `  ${i.path.join('.')}: ${i.message} (got ${JSON.stringify(env[String(i.path[0])])})`);
    throw new ConfigError(`Invalid configuration:\n${lines.join('\n')}`);
  }
  const e = parsed.data;
  if (e.SESSION_WARNING_MINUTES >= e.SESSION_FULL_MINUTES) {
    throw new ConfigError(
      `Invalid configuration:\n  SESSION_WARNING_MINUTES (${e.SESSION_WARNING_MINUTES}) must be less than SESSION_FULL_MINUTES (${e.SESSION_FULL_MINUTES})`,
    );
  }
  if (e.SESSION_FULL_MINUTES > e.SESSION_MAX_HOURS * 60) {
    throw new ConfigError(
      `Invalid configuration:\n  SESSION_FULL_MINUTES (${e.SESSION_FULL_MINUTES}) must not be more than SESSION_MAX_HOURS (${e.SESSION_MAX_HOURS}) hours`,
    );
  }
  const publicUrl = (e.PUBLIC_URL ?? `http://localhost:${e.PORT}`).replace(/\/$/, '');
  return {
    ...e,
    PUBLIC_URL: publicUrl,
    dataDir: path.resolve(cwd, e.DATA_DIR),
    secureCookies: e.SESSION_COOKIE_SECURE ?? publicUrl.startsWith('https://'),
    seedDemo: e.SEED_DEMO ?? e.NODE_ENV !== 'production',
    apiDocs: e.API_DOCS ?? (e.NODE_ENV === 'production' ? 'corporate' : 'public'),
    rateLimitStore: e.RATE_LIMIT_STORE ?? (e.DATABASE_URL ? 'database' : 'memory'),
    promotions: promotionsOf(e),
  };
}

/** The names of every setting (.env.example lists each one; a test checks). */
export const SETTING_NAMES: readonly string[] = Object.keys(envSchema.shape);
