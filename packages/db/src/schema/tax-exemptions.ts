import { index, pgEnum, pgTable, text, unique } from 'drizzle-orm/pg-core';
import { createdAt, utc } from './columns';
import { users } from './platform';

/*
 * Tax exemptions (issue 5, sixth slice; decision 0017): a certificate a user
 * uploads, reviewed by staff. An active exemption past `expires_at` counts as
 * expired when read, and a periodic sweep stores that (recomputing
 * `users.verified`).
 */

export const taxExemptionStatus = pgEnum('tax_exemption_status', ['in-review', 'active', 'expired', 'revoked']);
export const taxExemptionDocumentType = pgEnum('tax_exemption_document_type', ['company', 'user', 'order']);

export const taxExemptions = pgTable(
  'tax_exemptions',
  {
    id: text('id').primaryKey(),
    /** Who submitted it: the owner of the certificate file. */
    userId: text('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    documentType: taxExemptionDocumentType('document_type').notNull(),
    documentId: text('document_id').notNull(),
    status: taxExemptionStatus('status').notNull().default('in-review'),
    /** A US state or Canadian province code. */
    region: text('region').notNull(),
    /** The storage key of the certificate (`uploads/marketplace/<user>/<uuid>.<ext>`). */
    fileKey: text('file_key').notNull(),
    createdAt: createdAt(),
    expiresAt: utc('expires_at'),
    reviewedBy: text('reviewed_by').references(() => users.id, { onDelete: 'set null' }),
    reviewedAt: utc('reviewed_at'),
    reviewNote: text('review_note'),
  },
  (t) => [
    // A certificate file backs one exemption: submitting the same upload twice is refused.
    unique('tax_exemptions_file_key_key').on(t.fileKey),
    index('tax_exemptions_document_idx').on(t.documentType, t.documentId, t.createdAt),
    index('tax_exemptions_status_idx').on(t.status, t.createdAt),
    index('tax_exemptions_user_idx').on(t.userId),
  ],
);
