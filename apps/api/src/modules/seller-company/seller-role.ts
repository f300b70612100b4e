import type { Executor } from '@lotline/db';
import { companyMembers, users } from '@lotline/db/schema';
import { eq, sql } from 'drizzle-orm';

/**
 * The user role `seller` follows company membership (decision 0048): a user
 * who joins a company gets it, and loses it with their last company. The
 * account itself (orders, bids, messages as a buyer) is never touched.
 */

export async function grantSellerRole(tx: Executor, userId: string): Promise<void> {
  await tx
    .update(users)
    .set({
      roles: sql`case when 'seller' = any(${users.roles}) then ${users.roles} else array_append(${users.roles}, 'seller') end`,
    })
    .where(eq(users.id, userId));
}

export async function dropSellerRoleWithoutCompany(tx: Executor, userId: string): Promise<void> {
  const [left] = await tx
    .select({ companyId: companyMembers.companyId })
    .from(companyMembers)
    .where(eq(companyMembers.userId, userId))
    .limit(1);
  if (left) return;
  await tx
    .update(users)
    .set({ roles: sql`array_remove(${users.roles}, 'seller')` })
    .where(eq(users.id, userId));
}
