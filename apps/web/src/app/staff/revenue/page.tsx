import { canReviewTaxExemptions, staffRevenueResponse } from '@lotline/contracts';
import type { Metadata } from 'next';
import { notFound, redirect } from 'next/navigation';
import page from '../../../components/forms/auth-page.module.css';
import { FormMessages } from '../../../components/forms/form-messages';
import { callApi } from '../../../lib/auth/api-call.server';
import { getCurrentUser } from '../../../lib/auth/current-user.server';
import { formatMoney } from '../../../lib/format/money';
import { signInHref } from '../../../lib/routes';
import { monthLabel, STAFF_REVENUE_PATH } from '../../../lib/staff/money';
import styles from '../payouts/money.module.css';

export const metadata: Metadata = { title: 'Revenue' };

/**
 * Staff only (decision 0079): the marketplace's own revenue per month and currency, from the orders paid out
 * that month: the commission plus the buyer's premium it keeps. Others get the 404 page.
 */
export default async function StaffRevenuePage() {
  const user = await getCurrentUser();
  if (!user) redirect(signInHref(STAFF_REVENUE_PATH));
  if (!canReviewTaxExemptions(user.roles)) notFound();
  const answer = await callApi<unknown>('GET', '/marketplace-api/staff/revenue');
  const parsed = answer.ok ? staffRevenueResponse.safeParse(answer.data) : null;
  const months = parsed?.success ? parsed.data.months : null;
  return (
    <div className={`${page.page} ${page.wide}`}>
      <h1 className={page.title}>Revenue</h1>
      <p className={page.lead}>
        What the marketplace keeps of the orders paid out each month (UTC): the commission and the buyer&rsquo;s
        premium. Counted when the seller is paid, once no refund can take it back; tax is remitted, never revenue.
      </p>
      {!months ? <FormMessages error={answer.error?.message ?? 'The revenue could not be loaded.'} /> : null}
      {months && months.length === 0 ? <p>No order has been paid out in the last 24 months.</p> : null}
      {months && months.length > 0 ? (
        <div className={styles.scroll}>
          <table className={styles.table}>
            <caption className="visually-hidden">Revenue per month and currency, newest first</caption>
            <thead>
              <tr>
                <th scope="col">Month</th>
                <th scope="col">Currency</th>
                <th scope="col" className={styles.amount}>
                  Orders paid out
                </th>
                <th scope="col" className={styles.amount}>
                  Buyers paid
                </th>
                <th scope="col" className={styles.amount}>
                  Commission
                </th>
                <th scope="col" className={styles.amount}>
                  Buyer&rsquo;s premium
                </th>
                <th scope="col" className={styles.amount}>
                  Revenue
                </th>
                <th scope="col" className={styles.amount}>
                  Paid to sellers
                </th>
              </tr>
            </thead>
            <tbody>
              {months.map((m) => (
                <tr key={`${m.month}-${m.currency}`}>
                  <th scope="row">{monthLabel(m.month)}</th>
                  <td>{m.currency}</td>
                  <td className={styles.amount}>{m.payouts}</td>
                  <td className={styles.amount}>{formatMoney(m.grossMinor, m.currency)}</td>
                  <td className={styles.amount}>{formatMoney(m.commissionMinor, m.currency)}</td>
                  <td className={styles.amount}>{formatMoney(m.premiumMinor, m.currency)}</td>
                  <td className={styles.amount}>{formatMoney(m.revenueMinor, m.currency)}</td>
                  <td className={styles.amount}>{formatMoney(m.paidOutMinor, m.currency)}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      ) : null}
    </div>
  );
}
