import { randomUUID } from 'node:crypto';
import type { Database } from '@lotline/db';
import { wishlists } from '@lotline/db/schema';
import { and, eq } from 'drizzle-orm';
import { assertWatchable, type WatchedType } from './watchable';

export const wishlistColumns = {
  id: wishlists.id,
  documentId: wishlists.documentId,
  documentType: wishlists.documentType,
};

/**
 * Adds a document to the user's watchlist. Adding twice is a no-op (contract
 * §3): the unique constraint absorbs a retried or concurrent add and the first
 * row is answered, with `created` false.
 */
export async function watchDocument(db: Database, userId: string, type: WatchedType, documentId: string) {
  await assertWatchable(db, type, documentId);
  const inserted = await db
    .insert(wishlists)
    .values({ id: `wl_${randomUUID()}`, userId, documentType: type, documentId })
    .onConflictDoNothing({ target: [wishlists.userId, wishlists.documentType, wishlists.documentId] })
    .returning(wishlistColumns);
  if (inserted[0]) return { row: inserted[0], created: true };
  const [existing] = await db
    .select(wishlistColumns)
    .from(wishlists)
    .where(and(eq(wishlists.userId, userId), eq(wishlists.documentType, type), eq(wishlists.documentId, documentId)));
  if (!existing) throw new Error('wishlist row neither inserted nor found');
  return { row: existing, created: false };
}
