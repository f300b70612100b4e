import { sql } from 'drizzle-orm';
import { index, pgEnum, pgTable, text, uniqueIndex } from 'drizzle-orm/pg-core';
import { createdAt, utc } from './columns';
import { country } from './enums';
import { users } from './platform';
import { companies } from './sellers';

/*
 * Seller onboarding (issue 27, decision 0074): a signed-in, activated user asks to
 * sell; staff approve (the company is created with the applicant as owner) or
 * decline with a reason. At most one pending application per user.
 */

export const sellerApplicationStatus = pgEnum('seller_application_status', ['pending', 'approved', 'declined']);

export const sellerApplications = pgTable(
  'seller_applications',
  {
    id: text('id').primaryKey(),
    userId: text('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    status: sellerApplicationStatus('status').notNull().default('pending'),
    companyName: text('company_name').notNull(),
    country: country('country').notNull(),
    region: text('region'),
    website: text('website'),
    /** What the applicant sells, in their words. */
    message: text('message'),
    /** Staff's reason (required on a decline). */
    note: text('note'),
    createdAt: createdAt(),
    decidedAt: utc('decided_at'),
    decidedBy: text('decided_by').references(() => users.id, { onDelete: 'set null' }),
    /** The company an approval created. */
    companyId: text('company_id').references(() => companies.id, { onDelete: 'set null' }),
  },
  (t) => [
    uniqueIndex('seller_applications_one_pending_idx').on(t.userId).where(sql`${t.status} = 'pending'`),
    index('seller_applications_status_idx').on(t.status, t.createdAt),
  ],
);
