import { LOT_OUTCOME_LABELS, type SellerResultRow, type SellerResultTotals } from '@lotline/contracts';
import { commissionRateLabel, ORDER_STATUS_LABELS } from '@lotline/domain';
import { formatMoney } from '../../../../../lib/format/money';
import { orderPagePath } from '../../../../../lib/routes';
import styles from '../../events.module.css';
import results from './results.module.css';

/** The event's totals, one column per currency (never summed across currencies). */
export function ResultsTotals({ totals }: { totals: SellerResultTotals[] }) {
  if (totals.length === 0) return <p className={styles.muted}>The event has no lots.</p>;
  const lines: [string, (t: SellerResultTotals) => string][] = [
    ['Lots sold', (t) => String(t.lotsSold)],
    ['Lots not sold', (t) => String(t.lotsUnsold)],
    ['Hammer', (t) => formatMoney(t.hammer, t.currency)],
    ["Buyer's premium", (t) => formatMoney(t.buyersPremium, t.currency)],
    ['Fees paid by buyers', (t) => formatMoney(t.fees, t.currency)],
    ['Tax collected', (t) => formatMoney(t.tax, t.currency)],
    ['Total sales', (t) => formatMoney(t.total, t.currency)],
    ['Paid', (t) => formatMoney(t.paid, t.currency)],
    ['Refunded', (t) => formatMoney(t.refunded, t.currency)],
    ['Outstanding', (t) => formatMoney(t.outstanding, t.currency)],
    ['Commission', (t) => formatMoney(t.commission, t.currency)],
    ['Fees you pay', (t) => formatMoney(t.sellerFees, t.currency)],
    ['Net payout', (t) => formatMoney(t.netPayout, t.currency)],
  ];
  return (
    <section className={styles.section} aria-labelledby="results-totals">
      <h2 id="results-totals">Totals</h2>
      <table className={styles.table} data-testid="results-totals">
        <thead>
          <tr>
            <th scope="col">Total</th>
            {totals.map((t) => (
              <th scope="col" key={t.currency}>
                {t.currency}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {lines.map(([label, value]) => (
            <tr key={label}>
              <th scope="row">{label}</th>
              {totals.map((t) => (
                <td key={t.currency}>{value(t)}</td>
              ))}
            </tr>
          ))}
        </tbody>
      </table>
      <p className={styles.muted}>
        Net payout: what the buyers paid, less the tax (the marketplace remits it) and the buyer&apos;s premium (the
        marketplace keeps it), each less its share a refund gave back, the commission on the hammer or price, the fees
        you pay and refunds. Nothing is owed for an order until it is paid; cancelled orders count for nothing.
      </p>
    </section>
  );
}

/** A row per lot and order: outcome, winner, amounts, what the seller is paid (decision 0078), the order. */
export function ResultsTable({ rows }: { rows: SellerResultRow[] }) {
  const money = (minor: number | null, currency: string) => (minor === null ? '—' : formatMoney(minor, currency));
  return (
    <section className={styles.section} aria-labelledby="results-lots">
      <h2 id="results-lots">Lots</h2>
      <div className={results.scroll}>
        <table className={styles.table} data-testid="results-rows">
          <thead>
            <tr>
              <th scope="col">Lot</th>
              <th scope="col">Outcome</th>
              <th scope="col">Winner</th>
              <th scope="col">Hammer</th>
              <th scope="col">Premium</th>
              <th scope="col">Tax</th>
              <th scope="col">Fees</th>
              <th scope="col">Total</th>
              <th scope="col">Outstanding</th>
              <th scope="col">Refunded</th>
              <th scope="col">Commission</th>
              <th scope="col">Fees you pay</th>
              <th scope="col">Net payout</th>
              <th scope="col">Order</th>
            </tr>
          </thead>
          <tbody>
            {rows.map((r) => (
              <tr key={`${r.lotId}-${r.order?._id ?? ''}`}>
                <th scope="row">
                  {r.number} · {r.name}
                  {r.quantity !== null && r.quantity > 1 ? ` (${r.quantity} units)` : ''}
                </th>
                <td>
                  {LOT_OUTCOME_LABELS[r.outcome]}
                  {r.outcome === 'reserve-not-met' && r.highBid !== null
                    ? ` (high bid ${money(r.highBid, r.currency)})`
                    : ''}
                </td>
                <td>
                  {r.winner ? (
                    <>
                      {r.winner.name}
                      <br />
                      <a href={`mailto:${r.winner.email}`}>{r.winner.email}</a>
                    </>
                  ) : (
                    '—'
                  )}
                </td>
                <td>{money(r.hammer, r.currency)}</td>
                <td>{money(r.buyersPremium, r.currency)}</td>
                <td>{money(r.tax, r.currency)}</td>
                <td>{money(r.fees, r.currency)}</td>
                <td>{money(r.total, r.currency)}</td>
                <td>{money(r.outstanding, r.currency)}</td>
                <td>{money(r.refunded, r.currency)}</td>
                <td>
                  {money(r.commission, r.currency)}
                  {r.commissionBps !== null && r.commission !== null
                    ? ` (${commissionRateLabel(r.commissionBps)})`
                    : ''}
                </td>
                <td>{money(r.sellerFees, r.currency)}</td>
                <td>{money(r.netPayout, r.currency)}</td>
                <td>
                  {r.order ? (
                    <>
                      <a href={orderPagePath('seller', r.order._id)}>{r.order.number}</a> ·{' '}
                      {ORDER_STATUS_LABELS[r.order.status]}
                    </>
                  ) : (
                    '—'
                  )}
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
    </section>
  );
}
