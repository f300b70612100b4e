import { randomUUID } from 'node:crypto';
import { canReviewTaxExemptions, type Payout, staffPayoutsResponse } from '@lotline/contracts';
import type { Metadata } from 'next';
import Link from 'next/link';
import { notFound, redirect } from 'next/navigation';
import page from '../../../components/forms/auth-page.module.css';
import { FormMessages } from '../../../components/forms/form-messages';
import { callApi } from '../../../lib/auth/api-call.server';
import { getCurrentUser } from '../../../lib/auth/current-user.server';
import { formatMoney } from '../../../lib/format/money';
import { signInHref } from '../../../lib/routes';
import { STAFF_PAYOUTS_PATH, staffOrderHref } from '../../../lib/staff/money';
import { displayZone } from '../../../lib/time/format';
import { formatDateTime } from '../../../lib/time/format-date';
import { getUserTimeZone } from '../../../lib/time/user-zone.server';
import styles from './money.module.css';
import { RecordPayoutForm } from './record-payout-form';
import { TransferPayoutForm } from './transfer-payout-form';

export const metadata: Metadata = { title: 'Payouts' };

const STATUS: Record<Payout['status'], string> = { paid: 'Paid', processing: 'Transfer in progress', failed: 'Failed' };
const METHOD: Record<Payout['method'], string> = { stripe: 'Stripe transfer', manual: 'Bank transfer' };

/**
 * Staff only (decision 0079): the orders whose seller is owed their payout (paid, past the refund window), to
 * pay by bank transfer and record, or to transfer through Stripe; and the payouts made. Others get the 404 page.
 */
export default async function StaffPayoutsPage() {
  const user = await getCurrentUser();
  if (!user) redirect(signInHref(STAFF_PAYOUTS_PATH));
  if (!canReviewTaxExemptions(user.roles)) notFound();
  const answer = await callApi<unknown>('GET', '/marketplace-api/staff/payouts');
  const parsed = answer.ok ? staffPayoutsResponse.safeParse(answer.data) : null;
  const data = parsed?.success ? parsed.data : null;
  const timeZone = displayZone(await getUserTimeZone());
  const when = (iso: string) => formatDateTime(iso, timeZone);
  return (
    <div className={`${page.page} ${page.wide}`}>
      <h1 className={page.title}>Payouts</h1>
      <p className={page.lead}>
        A seller is paid an order&rsquo;s net (what the buyer paid less the tax and the premium not refunded, the
        commission, the seller&rsquo;s fees and refunds) once the order is paid and its refund window
        {data ? ` (${data.refundWindowDays} days)` : ''} has passed. Companies with a Stripe account are paid by
        transfer automatically; for the others, make the bank transfer and record its reference here.
      </p>
      {!data ? <FormMessages error={answer.error?.message ?? 'The payouts could not be loaded.'} /> : null}
      {data ? (
        <section className={page.card} aria-labelledby="due-title">
          <h2 id="due-title" className={page.cardTitle}>
            Due ({data.due.length})
          </h2>
          {data.due.length === 0 ? <p>No payout is due.</p> : null}
          {data.due.length > 0 ? (
            <ul className={styles.dueList} aria-label="Payouts due">
              {data.due.map((due) => (
                <li key={due.orderId} aria-label={`Order ${due.orderNumber}`}>
                  <dl className={page.facts}>
                    <dt>Order</dt>
                    <dd>
                      <Link href={staffOrderHref(due.orderId)}>{due.orderNumber}</Link>
                    </dd>
                    <dt>Seller</dt>
                    <dd>{due.companyName}</dd>
                    <dt>Paid</dt>
                    <dd>{when(due.paidAt)}</dd>
                    <dt>Owed to the seller</dt>
                    <dd>{formatMoney(due.amount, due.currency)}</dd>
                    <dt>How</dt>
                    <dd>{due.method === 'stripe' ? 'Stripe transfer (the release job sends it)' : 'Bank transfer'}</dd>
                  </dl>
                  {due.method === 'stripe' ? (
                    <TransferPayoutForm orderId={due.orderId} number={due.orderNumber} />
                  ) : (
                    <RecordPayoutForm orderId={due.orderId} number={due.orderNumber} formKey={randomUUID()} />
                  )}
                </li>
              ))}
            </ul>
          ) : null}
        </section>
      ) : null}
      {data ? (
        <section className={page.card} aria-labelledby="made-title">
          <h2 id="made-title" className={page.cardTitle}>
            Made
          </h2>
          {data.made.length === 0 ? <p>No payout has been made yet.</p> : null}
          {data.made.length > 0 ? (
            <div className={styles.scroll}>
              <table className={styles.table}>
                <caption className="visually-hidden">Payouts made, newest first</caption>
                <thead>
                  <tr>
                    <th scope="col">Order</th>
                    <th scope="col">Seller</th>
                    <th scope="col" className={styles.amount}>
                      Amount
                    </th>
                    <th scope="col">How</th>
                    <th scope="col">Status</th>
                    <th scope="col">Reference</th>
                    <th scope="col">By</th>
                    <th scope="col">When</th>
                    <th scope="col" className={styles.amount}>
                      Owed back
                    </th>
                  </tr>
                </thead>
                <tbody>
                  {data.made.map((p) => (
                    <tr key={p._id}>
                      <th scope="row">
                        <Link href={staffOrderHref(p.orderId)}>{p.orderNumber}</Link>
                      </th>
                      <td>{p.companyName}</td>
                      <td className={styles.amount}>{formatMoney(p.amount, p.currency)}</td>
                      <td>{METHOD[p.method]}</td>
                      <td>
                        {STATUS[p.status]}
                        {p.failureMessage ? `: ${p.failureMessage}` : ''}
                      </td>
                      <td>{p.reference ?? '—'}</td>
                      <td>{p.createdBy?.name ?? 'Release job'}</td>
                      <td>{when(p.paidAt ?? p.createdAt)}</td>
                      <td className={styles.amount}>{p.owedBack > 0 ? formatMoney(p.owedBack, p.currency) : '—'}</td>
                    </tr>
                  ))}
                </tbody>
              </table>
            </div>
          ) : null}
        </section>
      ) : null}
    </div>
  );
}
