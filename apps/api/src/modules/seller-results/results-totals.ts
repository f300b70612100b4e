import { ORDER_STATUS, type SellerResultRow, type SellerResultTotals } from '@lotline/contracts';
import { SOLD_OUTCOMES, UNSOLD_OUTCOMES } from './lot-outcome';

/**
 * Per currency: lots sold and unsold (each lot once; a lot whose only order was cancelled is unsold), and the
 * sums of the rows whose order is not cancelled. Every amount is a sum of per-order figures, so the net payout
 * in total is exactly the sum of the rows' (decision 0078).
 */
const SUMMED = [
  'hammer',
  'buyersPremium',
  'tax',
  'fees',
  'total',
  'paid',
  'refunded',
  'outstanding',
  'commission',
  'sellerFees',
  'netPayout',
] as const satisfies readonly (keyof SellerResultRow & keyof SellerResultTotals)[];
type Sums = Record<(typeof SUMMED)[number], number>;

const emptySums = (currency: string) => ({
  currency,
  sums: Object.fromEntries(SUMMED.map((k) => [k, 0])) as Sums,
  sold: new Set<string>(),
  unsold: new Set<string>(),
  cancelled: new Set<string>(),
});

export function totalsOf(rows: SellerResultRow[]): SellerResultTotals[] {
  const byCurrency = new Map<string, ReturnType<typeof emptySums>>();
  for (const r of rows) {
    const t = byCurrency.get(r.currency) ?? emptySums(r.currency);
    byCurrency.set(r.currency, t);
    if (r.order?.status === ORDER_STATUS.cancelled) {
      t.cancelled.add(r.lotId);
      continue;
    }
    if (SOLD_OUTCOMES.includes(r.outcome)) t.sold.add(r.lotId);
    if (UNSOLD_OUTCOMES.includes(r.outcome)) t.unsold.add(r.lotId);
    for (const k of SUMMED) t.sums[k] += r[k] ?? 0;
  }
  return [...byCurrency.values()]
    .sort((a, b) => a.currency.localeCompare(b.currency))
    .map(({ currency, sums, sold, unsold, cancelled }) => {
      for (const id of cancelled) if (!sold.has(id)) unsold.add(id);
      return { currency, lotsSold: sold.size, lotsUnsold: unsold.size, ...sums };
    });
}
