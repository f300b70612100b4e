import type { Database } from '@lotline/db';
import { wishlists } from '@lotline/db/schema';
import { and, eq, inArray } from 'drizzle-orm';
import { AppError } from '../../lib/errors';

/** Removes one of the user's wishlists by id; another user's id answers as an unknown one (404). */
export async function deleteWishlist(db: Database, userId: string, wishlistId: string): Promise<void> {
  const deleted = await db
    .delete(wishlists)
    .where(
      and(
        eq(wishlists.id, wishlistId),
        eq(wishlists.userId, userId),
        inArray(wishlists.documentType, ['event-lot', 'event']),
      ),
    )
    .returning({ id: wishlists.id });
  if (deleted.length === 0) throw AppError.notFound('No such wishlist.');
}
