import type { Address } from '@lotline/contracts';
import type { Database } from '@lotline/db';
import { addresses } from '@lotline/db/schema';
import { asc, eq } from 'drizzle-orm';
import { addressColumns } from './addresses.repo';

/** The user's addresses, oldest first (contract §3). */
export async function listAddresses(db: Database, userId: string): Promise<Address[]> {
  return db
    .select(addressColumns)
    .from(addresses)
    .where(eq(addresses.userId, userId))
    .orderBy(asc(addresses.createdAt), asc(addresses.id));
}
