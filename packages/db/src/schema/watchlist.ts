import { index, pgEnum, pgTable, text, unique } from 'drizzle-orm/pg-core';
import { createdAt } from './columns';
import { users } from './platform';

/*
 * Watchlists (issue 5, third slice; decision 0011). One row per user and
 * watched document. The contract's wishlists (`event-lot`, `event`) and the
 * legacy targets share the table: the legacy `auction` is an event, so it is
 * the same row as the wishlist of documentType `event`; `legacy-lot` is a row
 * of `legacy_lots` (the legacy `auction_lot`), `company` a seller.
 */

export const watchedDocumentType = pgEnum('watched_document_type', ['event-lot', 'event', 'legacy-lot', 'company']);

/**
 * `document_id` has no foreign key because it points into one of four tables;
 * the document is checked to exist (and be public) when the row is added, and
 * listings join to the live table, so a document that disappears drops out.
 */
export const wishlists = pgTable(
  'wishlists',
  {
    id: text('id').primaryKey(),
    userId: text('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    documentType: watchedDocumentType('document_type').notNull(),
    documentId: text('document_id').notNull(),
    createdAt: createdAt(),
  },
  (t) => [
    // Adding twice is a no-op (contract §3): a retried or concurrent add finds the first row.
    unique('wishlists_user_document_key').on(t.userId, t.documentType, t.documentId),
    index('wishlists_user_created_idx').on(t.userId, t.createdAt),
  ],
);
