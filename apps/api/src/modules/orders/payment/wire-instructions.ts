import type { Executor } from '@lotline/db';
import { wireAccounts } from '@lotline/db/schema';
import { inArray } from 'drizzle-orm';

/**
 * Paying an order by wire transfer (issue 15, decision 0070): offered for a
 * currency while staff set the marketplace's receiving account for it
 * (`wire_accounts`), and for CAD only while CAD_WIRE_TRANSFER is on too. A
 * fresh deployment has none, so it offers no wire until staff set one. The
 * instructions are printed on the invoice and the order page; the order
 * number is the reference staff match the incoming wire by.
 */
export type WireAccount = typeof wireAccounts.$inferSelect;

/** The set receiving accounts of these currencies, by currency. */
export async function wireAccountsFor(db: Executor, currencies: string[]): Promise<Map<string, WireAccount>> {
  const wanted = [...new Set(currencies)];
  if (wanted.length === 0) return new Map();
  const rows = await db.select().from(wireAccounts).where(inArray(wireAccounts.currency, wanted));
  return new Map(rows.map((r) => [r.currency, r]));
}

/** The account wire is offered to for this currency, or null. */
export function offeredAccount(
  accounts: Map<string, WireAccount>,
  currency: string,
  cadWireTransfer: boolean,
): WireAccount | null {
  if (currency === 'CAD' && !cadWireTransfer) return null;
  return accounts.get(currency) ?? null;
}

/** The lines to print, or null when wire is not offered for this order. */
export function wireInstructions(
  order: { currency: string; number: string },
  accounts: Map<string, WireAccount>,
  cadWireTransfer: boolean,
): string[] | null {
  const account = offeredAccount(accounts, order.currency, cadWireTransfer);
  if (!account) return null;
  return [
    `Beneficiary: ${account.beneficiary}`,
    `Bank: ${account.bankName}`,
    `Account number: ${account.accountNumber}`,
    `BIC/SWIFT or routing: ${account.bankCode}`,
    `Reference: ${order.number} (write it in the wire's reference so we can match your payment)`,
    ...(account.referenceNote ? [account.referenceNote] : []),
    'Send the amount due in the order currency; your bank’s fees are yours.',
  ];
}
