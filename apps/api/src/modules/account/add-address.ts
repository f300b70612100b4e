import { randomUUID } from 'node:crypto';
import { type Address, type addressBody, MAX_ADDRESSES } from '@lotline/contracts';
import type { Database } from '@lotline/db';
import { addresses, users } from '@lotline/db/schema';
import { count, eq } from 'drizzle-orm';
import type { z } from 'zod';
import { AppError } from '../../lib/errors';
import { addressColumns } from './addresses.repo';
import { recomputeVerified } from './verification';

/** Adds a billing or shipping address and recomputes verification (spec §4 needs one of each). */
export async function addAddress(db: Database, userId: string, input: z.output<typeof addressBody>): Promise<Address> {
  return db.transaction(async (tx) => {
    // Locking the user serialises concurrent adds, so the limit holds.
    const [user] = await tx.select({ id: users.id }).from(users).where(eq(users.id, userId)).for('update');
    if (!user) throw AppError.notFound('No such user.');
    const [row] = await tx.select({ n: count() }).from(addresses).where(eq(addresses.userId, userId));
    if ((row?.n ?? 0) >= MAX_ADDRESSES) {
      throw new AppError('CONFLICT', `You can keep at most ${MAX_ADDRESSES} addresses. Remove one first.`);
    }
    const [created] = await tx
      .insert(addresses)
      .values({ id: `adr_${randomUUID()}`, userId, ...input })
      .returning(addressColumns);
    if (!created) throw new Error('address insert returned nothing');
    await recomputeVerified(tx, userId);
    return created;
  });
}
