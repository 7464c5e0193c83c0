import { eq, sql } from 'drizzle-orm';
import type { FastifyRequest } from 'fastify';
import type { ProfileUpdate } from '@fc/contract';
import type { AppContext } from '../../context';
import { users } from '../../db/schema/index';
import { audit } from '../../audit/audit';
import { principalOf } from '../../http/access';

/** The signed-in user's own profile: who they are, where reset links go, and the language. */
export async function getProfile(ctx: AppContext, userId: number) {
  const [row] = await ctx.db
    .select({
      username: users.username,
      fullName: users.fullName,
      email: users.email,
      language: users.language,
      passwordChangedAt: users.passwordChangedAt,
    })
    .from(users)
    .where(eq(users.id, userId))
    .limit(1);
  return row;
}

export async function updateProfile(ctx: AppContext, req: FastifyRequest, input: ProfileUpdate) {
  const p = principalOf(req);
  return ctx.db.transaction(async (tx) => {
    const [before] = await tx
      .select({ email: users.email, language: users.language })
      .from(users)
      .where(eq(users.id, p.userId))
      .for('update');
    await tx
      .update(users)
      .set({ email: input.email, language: input.language, updatedAt: sql`now()` })
      .where(eq(users.id, p.userId));
    await audit(tx, req, {
      entity: 'user',
      entityId: p.userId,
      action: 'profile',
      before,
      after: { email: input.email, language: input.language },
    });
    return { email: input.email, language: input.language };
  });
}
