import { WISHLIST_DOCUMENT_TYPES, type Wishlist, type WishlistDocumentType } from '@lotline/contracts';
import type { Database } from '@lotline/db';
import { wishlists } from '@lotline/db/schema';
import { and, desc, eq, inArray } from 'drizzle-orm';
import { wishlistColumns } from './watch-document';

/** A bound on one answer; a watchlist is a person's list, far below it. */
const MAX_LISTED = 1000;

/**
 * The user's wishlists of event lots and events, newest first; narrowed to the
 * given ids and type when the `dto` names them. Legacy-only rows (legacy lots,
 * companies) are not wishlists of the contract and never listed here.
 */
export async function listWishlists(
  db: Database,
  userId: string,
  filter: { documentIds?: string[] | undefined; documentType?: WishlistDocumentType | undefined },
): Promise<Wishlist[]> {
  const rows = await db
    .select(wishlistColumns)
    .from(wishlists)
    .where(
      and(
        eq(wishlists.userId, userId),
        filter.documentType
          ? eq(wishlists.documentType, filter.documentType)
          : inArray(wishlists.documentType, [...WISHLIST_DOCUMENT_TYPES]),
        filter.documentIds ? inArray(wishlists.documentId, filter.documentIds) : undefined,
      ),
    )
    .orderBy(desc(wishlists.createdAt), desc(wishlists.id))
    .limit(MAX_LISTED);
  return rows.map((r) => ({
    _id: r.id,
    documentId: r.documentId,
    documentType: r.documentType as WishlistDocumentType,
  }));
}
