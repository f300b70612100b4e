import { char, pgTable, text } from 'drizzle-orm/pg-core';
import { utc } from './columns';
import { users } from './platform';

/**
 * The marketplace's receiving bank account per currency (decision 0070), set
 * by staff. Invoices offer wire transfer for a currency only while it has a
 * row here (and, for CAD, while CAD_WIRE_TRANSFER is on); a fresh deployment
 * has none. The demo seed sets the demo banks.
 */
export const wireAccounts = pgTable('wire_accounts', {
  currency: char('currency', { length: 3 }).primaryKey(),
  /** The account holder the buyer's bank pays. */
  beneficiary: text('beneficiary').notNull(),
  /** The bank's name (and address, as one line). */
  bankName: text('bank_name').notNull(),
  /** IBAN or the local account number (with institution and transit where the country needs them). */
  accountNumber: text('account_number').notNull(),
  /** BIC/SWIFT, ABA routing number, or both, as printed. */
  bankCode: text('bank_code').notNull(),
  /** How to write the reference, printed after the order number; empty: the standard sentence only. */
  referenceNote: text('reference_note').notNull().default(''),
  updatedAt: utc('updated_at').notNull().defaultNow(),
  updatedBy: text('updated_by').references(() => users.id, { onDelete: 'set null' }),
});
