import { canReviewTaxExemptions, type StaffRefund, staffRefundsResponse } from '@lotline/contracts';
import type { Metadata } from 'next';
import Link from 'next/link';
import { notFound, redirect } from 'next/navigation';
import page from '../../../components/forms/auth-page.module.css';
import { FormMessages } from '../../../components/forms/form-messages';
import { callApi } from '../../../lib/auth/api-call.server';
import { getCurrentUser } from '../../../lib/auth/current-user.server';
import { formatMoney } from '../../../lib/format/money';
import { signInHref } from '../../../lib/routes';
import { STAFF_REFUNDS_PATH, staffCreditNoteHref, staffOrderHref } from '../../../lib/staff/money';
import { displayZone } from '../../../lib/time/format';
import { formatDateTime } from '../../../lib/time/format-date';
import { getUserTimeZone } from '../../../lib/time/user-zone.server';
import styles from '../payouts/money.module.css';

export const metadata: Metadata = { title: 'Refunds' };

const STATUS: Record<StaffRefund['status'], string> = {
  succeeded: 'Refunded',
  processing: 'Processing',
  failed: 'Failed',
};

/** Staff only (decision 0079): the newest refunds across every order, who gave them and when. Others get 404. */
export default async function StaffRefundsPage() {
  const user = await getCurrentUser();
  if (!user) redirect(signInHref(STAFF_REFUNDS_PATH));
  if (!canReviewTaxExemptions(user.roles)) notFound();
  const answer = await callApi<unknown>('GET', '/marketplace-api/staff/refunds');
  const parsed = answer.ok ? staffRefundsResponse.safeParse(answer.data) : null;
  const refunds = parsed?.success ? parsed.data.refunds : null;
  const timeZone = displayZone(await getUserTimeZone());
  return (
    <div className={`${page.page} ${page.wide}`}>
      <h1 className={page.title}>Refunds</h1>
      <p className={page.lead}>
        Every order&rsquo;s refunds, newest first: by the seller or by staff. A refund after the seller was paid out is
        owed back by the seller (the payouts page shows it).
      </p>
      {!refunds ? <FormMessages error={answer.error?.message ?? 'The refunds could not be loaded.'} /> : null}
      {refunds && refunds.length === 0 ? <p>No order has been refunded.</p> : null}
      {refunds && refunds.length > 0 ? (
        <div className={styles.scroll}>
          <table className={styles.table}>
            <caption className="visually-hidden">Refunds, newest first</caption>
            <thead>
              <tr>
                <th scope="col">Credit note</th>
                <th scope="col">Order</th>
                <th scope="col">Seller</th>
                <th scope="col" className={styles.amount}>
                  Amount
                </th>
                <th scope="col">Status</th>
                <th scope="col">Reason</th>
                <th scope="col">By</th>
                <th scope="col">When</th>
              </tr>
            </thead>
            <tbody>
              {refunds.map((r) => (
                <tr key={r._id}>
                  <th scope="row">
                    {r.status === 'succeeded' ? (
                      <a href={staffCreditNoteHref(r.orderId, r._id)}>{r.number}</a>
                    ) : (
                      r.number
                    )}
                  </th>
                  <td>
                    <Link href={staffOrderHref(r.orderId)}>{r.orderNumber}</Link>
                  </td>
                  <td>{r.companyName}</td>
                  <td className={styles.amount}>{formatMoney(r.amount, r.currency)}</td>
                  <td>{STATUS[r.status]}</td>
                  <td>{r.reason}</td>
                  <td>{r.by ? `${r.by.name} (${r.by.email})` : '—'}</td>
                  <td>{formatDateTime(r.succeededAt ?? r.createdAt, timeZone)}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      ) : null}
    </div>
  );
}
