import { and, eq, isNull, sql } from 'drizzle-orm';
import type { Db } from '../db/client';
import { sessions, users } from '../db/schema/index';

/**
 * The session lookup of a signed-in request whose session this process does not hold in memory (decision
 * 0980: kept until the database announces a change). It reads only the columns a principal needs (not the
 * password hash, the lock-out counters or the user agent), and it is built once per database as a named
 * prepared statement, so that neither Drizzle nor PostgreSQL parses or plans it again per request (each
 * pooled connection prepares it on its first use; decision 0940).
 */
function buildLookup(db: Db) {
  return db
    .select({
      createdAt: sessions.createdAt,
      lastTouch: sessions.lastTouch,
      sessionLanguage: sessions.language,
      verifiedAt: sessions.verifiedAt,
      mfaEnrolmentRequired: sessions.mfaEnrolmentRequired,
      userId: users.id,
      username: users.username,
      fullName: users.fullName,
      accountType: users.accountType,
      workingAccountType: users.workingAccountType,
      grantedTasks: users.grantedTasks,
      custNo: users.custNo,
      merchantNo: users.merchantNo,
      alternatePortalUser: users.alternatePortalUser,
      ssoUser: users.ssoUser,
      isAdmin: users.isAdmin,
      language: users.language,
      disabled: users.disabled,
    })
    .from(sessions)
    .innerJoin(users, eq(users.id, sessions.userId))
    .where(and(eq(sessions.idHash, sql.placeholder('idHash')), isNull(sessions.endedAt)))
    .limit(1)
    .prepare('fc_session_lookup');
}

type Lookup = ReturnType<typeof buildLookup>;
export type SessionRow = Awaited<ReturnType<Lookup['execute']>>[number];

const lookups = new WeakMap<Db, Lookup>();

/** The live (not ended) session of `idHash` with its user, or undefined. */
export async function sessionRow(db: Db, idHash: string): Promise<SessionRow | undefined> {
  let lookup = lookups.get(db);
  if (!lookup) lookups.set(db, (lookup = buildLookup(db)));
  const [row] = await lookup.execute({ idHash });
  return row;
}
