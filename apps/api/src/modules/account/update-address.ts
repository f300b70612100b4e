import type { Address, addressBody } from '@lotline/contracts';
import type { Database } from '@lotline/db';
import { addresses } from '@lotline/db/schema';
import { and, eq, sql } from 'drizzle-orm';
import type { z } from 'zod';
import { AppError } from '../../lib/errors';
import { addressColumns } from './addresses.repo';
import { recomputeVerified } from './verification';

/** Replaces one of the user's addresses (its type may change, so verification is recomputed). */
export async function updateAddress(
  db: Database,
  userId: string,
  addressId: string,
  input: z.output<typeof addressBody>,
): Promise<Address> {
  return db.transaction(async (tx) => {
    const [updated] = await tx
      .update(addresses)
      .set({ ...input, updatedAt: sql`now()` })
      .where(and(eq(addresses.id, addressId), eq(addresses.userId, userId)))
      .returning(addressColumns);
    // Another user's address answers as a missing one: ids are not a way to probe accounts.
    if (!updated) throw AppError.notFound('No such address.');
    await recomputeVerified(tx, userId);
    return updated;
  });
}
