import type { TaxExemptionStatus } from '@lotline/contracts';

/**
 * The life of a tax exemption, in one place (convention 4):
 *
 *   submitted ─► in-review ──approve──► active ──expiresAt passes──► expired
 *                    │                    │
 *                    └──────revoke────────┴──► revoked
 *
 * - approve: staff checked the certificate; it holds until the date they set.
 * - revoke: staff refuse a certificate in review, or withdraw an active one
 *   (wrong, forged, withdrawn by the state); the note says why.
 * - expire: nobody acts; time does. Reads show an active exemption past its
 *   `expiresAt` as expired at once, and the sweep stores it (expire-tax-exemptions.ts).
 * Expired and revoked are final: a new certificate is a new exemption.
 * The same rule as SQL over the table is `apps/api/src/modules/tax-exemptions/lifecycle-sql.ts`.
 */
export const TAX_EXEMPTION_TRANSITIONS = {
  approve: { from: ['in-review'], to: 'active' },
  revoke: { from: ['in-review', 'active'], to: 'revoked' },
  expire: { from: ['active'], to: 'expired' },
} as const satisfies Record<string, { from: readonly TaxExemptionStatus[]; to: TaxExemptionStatus }>;
export type TaxExemptionTransition = keyof typeof TAX_EXEMPTION_TRANSITIONS;

export interface TaxExemptionState {
  status: TaxExemptionStatus;
  expiresAt: Date | null;
}

/** The status a stored row has at `now`: active past its expiry is expired. */
export function effectiveTaxExemptionStatus(row: TaxExemptionState, now: Date): TaxExemptionStatus {
  return row.status === 'active' && row.expiresAt !== null && row.expiresAt <= now ? 'expired' : row.status;
}

/** Spec §4: an exemption that counts for verification is in review, or active and not past its expiry. */
export function exemptionCountsForVerification(row: TaxExemptionState, now: Date): boolean {
  const status = effectiveTaxExemptionStatus(row, now);
  return status === 'in-review' || status === 'active';
}
