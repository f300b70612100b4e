import type { WireAccountInput, WireAccountView, WireCurrency } from '@lotline/contracts';
import { wireAccountInput } from '@lotline/contracts';
import type { Executor } from '@lotline/db';
import { wireAccounts } from '@lotline/db/schema';
import { asc, eq, sql } from 'drizzle-orm';
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

/** Sets (or replaces) the account of `currency`; `by` is the staff member, null for the demo seed. */
export async function setWireAccount(
  db: Executor,
  currency: WireCurrency,
  input: WireAccountInput,
  by: string | null,
): Promise<WireAccountView> {
  const fields = { ...wireAccountInput.parse(input), updatedBy: by, updatedAt: sql`now()` };
  const [row] = await db
    .insert(wireAccounts)
    .values({ currency, ...fields })
    .onConflictDoUpdate({ target: wireAccounts.currency, set: fields })
    .returning();
  return view(row as WireAccount);
}

/** Stops offering wire in `currency`; false when no account was set. */
export async function removeWireAccount(db: Executor, currency: WireCurrency): Promise<boolean> {
  const gone = await db.delete(wireAccounts).where(eq(wireAccounts.currency, currency)).returning();
  return gone.length > 0;
}
