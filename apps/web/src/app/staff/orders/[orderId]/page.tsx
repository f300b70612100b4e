import { canReviewTaxExemptions, staffOrderResponse } from '@lotline/contracts';
import type { Metadata } from 'next';
import Link from 'next/link';
import { notFound, redirect } from 'next/navigation';
import page from '../../../../components/forms/auth-page.module.css';
import { RefundDialog } from '../../../../components/order-view/refund-dialog';
import { callApi } from '../../../../lib/auth/api-call.server';
import { getCurrentUser } from '../../../../lib/auth/current-user.server';
import { signInHref } from '../../../../lib/routes';
import { STAFF_ORDERS_PATH, staffOrderHref } from '../../../../lib/staff/money';
import { displayZone } from '../../../../lib/time/format';
import { getUserTimeZone } from '../../../../lib/time/user-zone.server';
import { CancelOrderDialog } from './cancel-order-dialog';
import { StaffOrderView } from './staff-order-view';

export const metadata: Metadata = { title: 'Order' };

/**
 * Staff only (decision 0091): one order of any company, with Cancel (unpaid) and Refund (paid or cancelled,
 * within what is left), then everything staff weigh before either. Others get the 404 page.
 */
export default async function StaffOrderPage({ params }: { params: Promise<{ orderId: string }> }) {
  const { orderId } = await params;
  const user = await getCurrentUser();
  if (!user) redirect(signInHref(staffOrderHref(orderId)));
  if (!canReviewTaxExemptions(user.roles)) notFound();
  const [answer, zone] = await Promise.all([
    callApi<unknown>('GET', `/marketplace-api/staff/orders/${encodeURIComponent(orderId)}`),
    getUserTimeZone(),
  ]);
  if (answer.status === 404 || answer.status === 400) notFound();
  const parsed = answer.ok ? staffOrderResponse.safeParse(answer.data) : null;
  if (!parsed?.success) throw new Error('The order could not be loaded.');
  const { staffOrder } = parsed.data;
  const { order } = staffOrder;
  return (
    <div className={`${page.page} ${page.wide}`}>
      <p>
        <Link href={STAFF_ORDERS_PATH}>Find an order</Link>
      </p>
      <h1 className={page.title}>Order {order.number}</h1>
      {staffOrder.cancellable ? <CancelOrderDialog orderId={order._id} /> : null}
      {staffOrder.refundable > 0 || order.refunded > 0 ? (
        <RefundDialog orderId={order._id} currency={order.currency} refundable={staffOrder.refundable} side="staff" />
      ) : null}
      <StaffOrderView staffOrder={staffOrder} timeZone={displayZone(zone)} />
    </div>
  );
}
