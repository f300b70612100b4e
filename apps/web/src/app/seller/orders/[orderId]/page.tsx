import { orderResponse } from '@lotline/contracts';
import { isAwaitingApproval, isFulfillable, isPayable, refundableAmount } from '@lotline/domain';
import type { Metadata } from 'next';
import { notFound, redirect } from 'next/navigation';
import page from '../../../../components/forms/auth-page.module.css';
import { OrderRefunds } from '../../../../components/order-view/order-refunds';
import { OrderSummary } from '../../../../components/order-view/order-summary';
import { OrderThread } from '../../../../components/order-view/order-thread';
import { RefundDialog } from '../../../../components/order-view/refund-dialog';
import { callApi } from '../../../../lib/auth/api-call.server';
import { getCurrentUser } from '../../../../lib/auth/current-user.server';
import { ORDERS_PATHS, orderPagePath, orderPdfPath, signInHref } from '../../../../lib/routes';
import { displayZone } from '../../../../lib/time/format';
import { getUserTimeZone } from '../../../../lib/time/user-zone.server';
import { SellerOrderActions } from './seller-order-actions';

export const metadata: Metadata = { title: 'Seller order' };

/** One order of the seller's company (issue 15): approve / reject, shipped / collected, the PDF, the thread. */
export default async function SellerOrderPage({ params }: { params: Promise<{ orderId: string }> }) {
  const { orderId } = await params;
  const user = await getCurrentUser();
  if (!user) redirect(signInHref(orderPagePath('seller', orderId)));
  const [answer, userZone] = await Promise.all([
    callApi<unknown>('GET', `/marketplace-api/seller/orders/${encodeURIComponent(orderId)}`),
    getUserTimeZone(),
  ]);
  if (answer.status === 404 || answer.status === 403) notFound();
  const parsed = answer.ok ? orderResponse.safeParse(answer.data) : null;
  if (!parsed?.success) throw new Error('The order could not be loaded.');
  const { order } = parsed.data;
  const awaiting = isAwaitingApproval(order);
  const fulfil = isFulfillable(order);
  // What the seller may still give back of a paid or cancelled order (decision 0062).
  const refundable = refundableAmount(order);
  // An approved order nobody has paid: the seller may end it, saying why (issue 25).
  const cancellable = isPayable(order);
  return (
    <div className={`${page.page} ${page.wide}`}>
      <p>
        <a href={ORDERS_PATHS.seller}>Back to the orders</a>
      </p>
      <h1 className={page.title}>Order {order.number}</h1>
      {awaiting || cancellable || fulfil ? (
        <SellerOrderActions orderId={order._id} awaiting={awaiting} cancellable={cancellable} fulfil={fulfil} />
      ) : null}
      {refundable > 0 || order.refunded > 0 ? (
        <RefundDialog orderId={order._id} currency={order.currency} refundable={refundable} />
      ) : null}
      <OrderSummary
        order={order}
        pdfHref={orderPdfPath('seller', order._id, user.id)}
        timeZone={displayZone(userZone)}
      />
      <OrderRefunds order={order} side="seller" userId={user.id} timeZone={displayZone(userZone)} />
      <OrderThread order={order} side="seller" />
    </div>
  );
}
