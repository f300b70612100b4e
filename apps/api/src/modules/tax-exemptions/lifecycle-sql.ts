import type { TaxExemptionStatus } from '@lotline/contracts';
import { taxExemptions } from '@lotline/db/schema';
import { and, eq, gt, isNull, lte, or, type SQL } from 'drizzle-orm';

/**
 * SQL for "its effective status at `now` is `status`" over `tax_exemptions`, matching
 * `effectiveTaxExemptionStatus` of the lifecycle (packages/domain/src/tax-exemption-lifecycle.ts).
 */
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
