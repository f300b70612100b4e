import type { TaxExemptionStatus } from '@lotline/contracts';
import { taxExemptions } from '@lotline/db/schema';
import { and, eq, gt, isNull, lte, or, type SQL } from 'drizzle-orm';

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
 */
export const TRANSITIONS = {
  approve: { from: ['in-review'], to: 'active' },
  revoke: { from: ['in-review', 'active'], to: 'revoked' },
  expire: { from: ['active'], to: 'expired' },
} as const satisfies Record<string, { from: readonly TaxExemptionStatus[]; to: TaxExemptionStatus }>;
export type Transition = keyof typeof TRANSITIONS;

/** The status a stored row has at `now`: active past its expiry is expired. */
export function effectiveStatus(
  row: { status: TaxExemptionStatus; expiresAt: Date | null },
  now: Date,
): TaxExemptionStatus {
  return row.status === 'active' && row.expiresAt !== null && row.expiresAt <= now ? 'expired' : row.status;
}

/** SQL for "its effective status at `now` is `status`", matching effectiveStatus. */
export function effectiveStatusIs(status: TaxExemptionStatus, now: Date): SQL {
  const t = taxExemptions;
  const current = or(isNull(t.expiresAt), gt(t.expiresAt, now));
  switch (status) {
    case 'active':
      return and(eq(t.status, 'active'), current) as SQL;
    case 'expired':
      return or(eq(t.status, 'expired'), and(eq(t.status, 'active'), lte(t.expiresAt, now))) as SQL;
    default:
      return eq(t.status, status);
  }
}

/** Spec §4: an exemption that counts for verification is in review, or active and not past its expiry. */
export function countsForVerification(now: Date): SQL {
  return or(eq(taxExemptions.status, 'in-review'), effectiveStatusIs('active', now)) as SQL;
}
