import { canReviewTaxExemptions, staffOrdersResponse } from '@lotline/contracts';
import { ORDER_STATUS_LABELS } from '@lotline/domain';
import type { Metadata } from 'next';
import Link from 'next/link';
import { notFound, redirect } from 'next/navigation';
import page from '../../../components/forms/auth-page.module.css';
import { FormMessages } from '../../../components/forms/form-messages';
import forms from '../../../components/forms/forms.module.css';
import view from '../../../components/order-view/order-view.module.css';
import { callApi } from '../../../lib/auth/api-call.server';
import { getCurrentUser } from '../../../lib/auth/current-user.server';
import { formatMoney } from '../../../lib/format/money';
import { signInHref } from '../../../lib/routes';
import { STAFF_ORDERS_PATH, staffOrderHref } from '../../../lib/staff/money';
import { displayZone } from '../../../lib/time/format';
import { formatDateTime } from '../../../lib/time/format-date';
import { getUserTimeZone } from '../../../lib/time/user-zone.server';

export const metadata: Metadata = { title: 'Orders' };

/**
 * Staff only (decision 0091): find an order by its number, the buyer's e-mail address or a lot's name; a row
 * opens the order. Nothing is listed before a search. Others get the 404 page.
 */
export default async function StaffOrdersPage({ searchParams }: { searchParams: Promise<{ q?: string | string[] }> }) {
  const user = await getCurrentUser();
  if (!user) redirect(signInHref(STAFF_ORDERS_PATH));
  if (!canReviewTaxExemptions(user.roles)) notFound();
  const params = await searchParams;
  const q = typeof params.q === 'string' ? params.q.trim().slice(0, 200) : '';
  const [answer, zone] = await Promise.all([
    q ? callApi<unknown>('GET', `/marketplace-api/staff/orders/search?${new URLSearchParams({ q })}`) : null,
    getUserTimeZone(),
  ]);
  const parsed = answer?.ok ? staffOrdersResponse.safeParse(answer.data) : null;
  const found = parsed?.success ? parsed.data.orders : null;
  const timeZone = displayZone(zone);
  return (
    <div className={`${page.page} ${page.wide}`}>
      <h1 className={page.title}>Orders</h1>
      <form method="get" action={STAFF_ORDERS_PATH} className={forms.form}>
        <div className={forms.field}>
          <label htmlFor="orders-q" className={forms.label}>
            Order number, buyer e-mail or lot name
          </label>
          <input id="orders-q" name="q" type="search" className={forms.input} defaultValue={q} maxLength={200} />
        </div>
        <button type="submit" className="button">
          Search
        </button>
      </form>
      {answer && !found ? <FormMessages error={answer.error?.message ?? 'The orders could not be loaded.'} /> : null}
      {found && found.length === 0 ? <p>No order matches.</p> : null}
      {found && found.length > 0 ? (
        <table className={view.table}>
          <caption className="visually-hidden">Orders found, newest first</caption>
          <thead>
            <tr>
              <th scope="col">Order</th>
              <th scope="col">Status</th>
              <th scope="col">Buyer</th>
              <th scope="col">Seller</th>
              <th scope="col">Lots</th>
              <th scope="col">Total</th>
              <th scope="col">Placed</th>
            </tr>
          </thead>
          <tbody>
            {found.map((o) => (
              <tr key={o._id}>
                <th scope="row">
                  <Link href={staffOrderHref(o._id)}>{o.number}</Link>
                </th>
                <td>{ORDER_STATUS_LABELS[o.status]}</td>
                <td>{o.buyer.email}</td>
                <td>{o.seller.name}</td>
                <td>{o.lots.join(', ')}</td>
                <td>{formatMoney(o.total, o.currency)}</td>
                <td>{formatDateTime(o.createdAt, timeZone)}</td>
              </tr>
            ))}
          </tbody>
        </table>
      ) : null}
    </div>
  );
}
