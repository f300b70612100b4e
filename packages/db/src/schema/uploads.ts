import { sql } from 'drizzle-orm';
import { bigint, boolean, index, pgEnum, pgTable, text, timestamp } from 'drizzle-orm/pg-core';
import { createdAt } from './columns';
import { users } from './platform';
import { companies } from './sellers';

/*
 * Uploads (issue 12; decisions 0012, 0027): one row per upload policy the
 * server issued. It records the owner and the size (per-user quotas count
 * them), whether the file may be read by anyone (`public`) or only by its
 * owner and staff (`private`, the default), and whether anything refers to it;
 * an unreferenced upload older than 24 hours is deleted with its file.
 */

export const uploadVisibility = pgEnum('upload_visibility', ['private', 'public']);

export const uploads = pgTable(
  'uploads',
  {
    /** The storage key the server issued: `uploads/<application>/<user>/<uuid>.<ext>`. */
    key: text('key').primaryKey(),
    userId: text('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    /**
     * The company the upload is charged to (decision 0085): set when it was made for that company's
     * listing (photos, documents, imports, event attachments, the logo); null: the user's own allowance.
     */
    companyId: text('company_id').references(() => companies.id, { onDelete: 'set null' }),
    /** The exact size the policy allows, in bytes. */
    size: bigint('size', { mode: 'number' }).notNull(),
    visibility: uploadVisibility('visibility').notNull().default('private'),
    /** Set when something (a tax exemption, …) refers to the file; unreferenced uploads are swept after 24 h. */
    referenced: boolean('referenced').notNull().default(false),
    createdAt: createdAt(),
    /** When the embedded storage received the file (unknown with S3, which takes the POST itself). */
    storedAt: timestamp('stored_at', { withTimezone: true, mode: 'date' }),
  },
  (t) => [
    index('uploads_user_created_idx').on(t.userId, t.createdAt),
    index('uploads_company_created_idx').on(t.companyId, t.createdAt),
    index('uploads_unreferenced_idx').on(t.createdAt).where(sql`not ${t.referenced}`),
  ],
);
