import { sql } from 'drizzle-orm';
import { index, integer, pgTable, primaryKey, text } from 'drizzle-orm/pg-core';
import { utc } from './columns';
import { users } from './platform';

/**
 * The Terms of Use, one row per published version (decision 0084). A version
 * is never changed: staff publish the next number. The highest number is in
 * force. Version 1 is the document the marketplace opened with.
 */
export const termsVersions = pgTable('terms_versions', {
  number: integer('number').primaryKey(),
  markdown: text('markdown').notNull(),
  publishedAt: utc('published_at').notNull().default(sql`now()`),
  /** The staff member who published it; null for version 1, which came with the marketplace. */
  publishedBy: text('published_by').references(() => users.id, { onDelete: 'set null' }),
});

/**
 * A user's agreement to one version of the Terms of Use. Agreeing again is a
 * no-op (the primary key). Creating an account agrees to the version in force
 * then, without a row (decision 0084).
 */
export const termsAgreements = pgTable(
  'terms_agreements',
  {
    userId: text('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    version: integer('version')
      .notNull()
      .references(() => termsVersions.number),
    agreedAt: utc('agreed_at').notNull().default(sql`now()`),
  },
  (t) => [primaryKey({ columns: [t.userId, t.version] }), index('terms_agreements_version_idx').on(t.version)],
);
