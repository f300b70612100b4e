import type { Database } from '@lotline/db';
import { addresses } from '@lotline/db/schema';
import { and, eq } from 'drizzle-orm';
import { AppError } from '../../lib/errors';
import { recomputeVerified } from './verification';

/** Removes one of the user's addresses; without a billing or shipping address the user is no longer verified. */
export async function deleteAddress(db: Database, userId: string, addressId: string): Promise<void> {
  await db.transaction(async (tx) => {
    const deleted = await tx
      .delete(addresses)
      .where(and(eq(addresses.id, addressId), eq(addresses.userId, userId)))
      .returning({ id: addresses.id });
    if (deleted.length === 0) throw AppError.notFound('No such address.');
    await recomputeVerified(tx, userId);
  });
}
