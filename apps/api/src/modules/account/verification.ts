import type { VerificationState } from '@lotline/contracts';
import type { Executor } from '@lotline/db';
import { addresses, paymentMethods, taxExemptions, users, userVars } from '@lotline/db/schema';
import { exemptionCountsForVerification } from '@lotline/domain';
import { and, eq, inArray } from 'drizzle-orm';
import { AppError } from '../../lib/errors';

/**
 * Spec §4: a payment method exists (a card saved with the payment provider;
 * decision 0015). Adding and removing one recomputes `verified`.
 */
export async function hasPaymentMethod(db: Executor, userId: string): Promise<boolean> {
  const rows = await db
    .select({ id: paymentMethods.id })
    .from(paymentMethods)
    .where(eq(paymentMethods.userId, userId))
    .limit(1);
  return rows.length > 0;
}

/**
 * Spec §4, resellers only: "a tax exemption that is active or in-review
 * exists, or the skip flag is true" (the `skip-tax-exemption` var, set by
 * staff). The user's own exemptions count (documentType `user`); an active one
 * past its expiry does not, whether or not the sweep has stored it as expired.
 */
export async function hasTaxExemptionOrSkip(db: Executor, userId: string, vars: Map<string, unknown>) {
  if (vars.get('skip-tax-exemption') === true) return true;
  const now = new Date();
  const rows = await db
    .select({ status: taxExemptions.status, expiresAt: taxExemptions.expiresAt })
    .from(taxExemptions)
    .where(and(eq(taxExemptions.documentType, 'user'), eq(taxExemptions.documentId, userId)));
  return rows.some((row) => exemptionCountsForVerification(row, now));
}

/**
 * The checks that depend on data other slices own, called through this object
 * so that those slices (and tests standing in for them) replace one entry.
 */
export const verificationChecks = { hasPaymentMethod, hasTaxExemptionOrSkip };

/** Spec §3 "Bidder verification state" (account flags) and §4 "Logged-in user verification". */
export async function computeVerification(db: Executor, userId: string): Promise<VerificationState> {
  const [user] = await db.select({ emailVerified: users.emailVerified }).from(users).where(eq(users.id, userId));
  if (!user) throw AppError.notFound('No such user.');
  const types = new Set(
    (await db.select({ type: addresses.type }).from(addresses).where(eq(addresses.userId, userId))).map((a) => a.type),
  );
  const varRows = await db
    .select({ key: userVars.key, value: userVars.value })
    .from(userVars)
    .where(and(eq(userVars.userId, userId), inArray(userVars.key, ['buyer_persona', 'skip-tax-exemption'])));
  const vars = new Map(varRows.map((v) => [v.key, v.value]));

  const payment = await verificationChecks.hasPaymentMethod(db, userId);
  const hasBillingAddress = types.has('billing');
  const hasShippingAddress = types.has('shipping');
  const isActivated = user.emailVerified;
  const taxExemptionRequired = vars.get('buyer_persona') === 'Reseller';
  const taxExemptionSatisfied =
    !taxExemptionRequired || (await verificationChecks.hasTaxExemptionOrSkip(db, userId, vars));
  return {
    hasPaymentMethod: payment,
    // Spec §4 "Bidder verification": isAccountSetupCompleted needs "an address"; the stored flag
    // ("Logged-in user verification") needs both a billing and a shipping address.
    hasAddress: types.size > 0,
    hasBillingAddress,
    hasShippingAddress,
    isActivated,
    isAccountSetupCompleted: payment && types.size > 0 && isActivated,
    taxExemptionRequired,
    taxExemptionSatisfied,
    verified: payment && hasBillingAddress && hasShippingAddress && isActivated && taxExemptionSatisfied,
  };
}

/**
 * Recomputes and stores `users.verified`. Called inside the transaction of
 * every change that affects it (address, activation, buyer persona, skip
 * flag, a tax exemption submitted, approved, revoked or expired). The user row is locked first, so two concurrent changes are
 * serialised and the second sees the first (read committed): the stored flag
 * never lags behind the data.
 */
export async function recomputeVerified(db: Executor, userId: string): Promise<VerificationState> {
  await db.select({ id: users.id }).from(users).where(eq(users.id, userId)).for('update');
  const state = await computeVerification(db, userId);
  await db.update(users).set({ verified: state.verified }).where(eq(users.id, userId));
  return state;
}
