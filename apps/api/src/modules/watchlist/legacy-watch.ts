import type { LegacyWatchTarget } from '@lotline/contracts';
import type { Database } from '@lotline/db';
import { wishlists } from '@lotline/db/schema';
import { and, eq, inArray } from 'drizzle-orm';
import { watchDocument } from './watch-document';
import type { WatchedType } from './watchable';

/**
 * The legacy targets as watched documents (decision 0011): `auction` is an
 * event (the same row as the wishlist of documentType `event`), `auction_lot`
 * a row of `legacy_lots`, `company` a seller.
 */
export const LEGACY_TARGET_TYPE: Record<LegacyWatchTarget, WatchedType> = {
  auction: 'event',
  auction_lot: 'legacy-lot',
  company: 'company',
};

/** Which of `ids` the user watches, in the order asked, each once. */
export async function listWatchedIds(db: Database, userId: string, type: WatchedType, ids: string[]) {
  if (ids.length === 0) return [];
  const rows = await db
    .select({ documentId: wishlists.documentId })
    .from(wishlists)
    .where(and(eq(wishlists.userId, userId), eq(wishlists.documentType, type), inArray(wishlists.documentId, ids)));
  const watched = new Set(rows.map((r) => r.documentId));
  return [...new Set(ids)].filter((id) => watched.has(id));
}

export async function watchLegacyTarget(db: Database, userId: string, target: LegacyWatchTarget, targetId: string) {
  await watchDocument(db, userId, LEGACY_TARGET_TYPE[target], targetId);
}

/** Idempotent: removing what is not watched changes nothing and answers the same. */
export async function unwatchLegacyTarget(db: Database, userId: string, target: LegacyWatchTarget, targetId: string) {
  await db
    .delete(wishlists)
    .where(
      and(
        eq(wishlists.userId, userId),
        eq(wishlists.documentType, LEGACY_TARGET_TYPE[target]),
        eq(wishlists.documentId, targetId),
      ),
    );
}
