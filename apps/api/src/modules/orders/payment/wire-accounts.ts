import type { WireAccountInput, WireAccountView, WireCurrency } from '@lotline/contracts';
import { wireAccountInput } from '@lotline/contracts';
import type { Executor } from '@lotline/db';
import { wireAccounts } from '@lotline/db/schema';
import { asc, eq, sql } from 'drizzle-orm';
import { recordAudit } from '../../audit/record-audit';
import type { WireAccount } from './wire-instructions';

/** Staff set the marketplace's receiving account per currency (decision 0070); invoices read them. */

function view(r: WireAccount): WireAccountView {
  return {
    currency: r.currency as WireCurrency,
    beneficiary: r.beneficiary,
    bankName: r.bankName,
    accountNumber: r.accountNumber,
    bankCode: r.bankCode,
    referenceNote: r.referenceNote,
    updatedAt: r.updatedAt.toISOString(),
  };
}

export async function listWireAccounts(db: Executor): Promise<WireAccountView[]> {
  return (await db.select().from(wireAccounts).orderBy(asc(wireAccounts.currency))).map(view);
}

/** The stored account of `currency` as the audit log shows it (locked), or null. */
async function lockedView(tx: Executor, currency: WireCurrency): Promise<Omit<WireAccountView, 'updatedAt'> | null> {
  const [row] = await tx.select().from(wireAccounts).where(eq(wireAccounts.currency, currency)).for('update');
  if (!row) return null;
  const { updatedAt: _, ...shown } = view(row);
  return shown;
}

/**
 * Sets (or replaces) the account of `currency`; `by` is the staff member (call it in a transaction: the audit
 * entry is written with it, decision 0073), null for the demo seed (no entry).
 */
export async function setWireAccount(
  db: Executor,
  currency: WireCurrency,
  input: WireAccountInput,
  by: string | null,
): Promise<WireAccountView> {
  const before = by ? await lockedView(db, currency) : null;
  const fields = { ...wireAccountInput.parse(input), updatedBy: by, updatedAt: sql`now()` };
  const [row] = await db
    .insert(wireAccounts)
    .values({ currency, ...fields })
    .onConflictDoUpdate({ target: wireAccounts.currency, set: fields })
    .returning();
  const stored = view(row as WireAccount);
  if (by) {
    const { updatedAt: _, ...after } = stored;
    const target = { actorId: by, action: 'wire-account.set', targetType: 'wire-account', targetId: currency };
    await recordAudit(db, { ...target, before, after });
  }
  return stored;
}

/** Staff (`by`) stop offering wire in `currency`, in a transaction with its audit entry; false when none was set. */
export async function removeWireAccount(tx: Executor, currency: WireCurrency, by: string): Promise<boolean> {
  const before = await lockedView(tx, currency);
  if (!before) return false;
  await tx.delete(wireAccounts).where(eq(wireAccounts.currency, currency));
  const target = { actorId: by, action: 'wire-account.remove', targetType: 'wire-account', targetId: currency };
  await recordAudit(tx, { ...target, before, after: null });
  return true;
}
