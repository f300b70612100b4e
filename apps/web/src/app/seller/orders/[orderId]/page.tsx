import { orderResponse } from '@lotline/contracts';
import { isAwaitingApproval, isFulfillable } from '@lotline/domain';
import type { Metadata } from 'next';
import { notFound, redirect } from 'next/navigation';
import page from '../../../../components/forms/auth-page.module.css';
import { OrderSummary } from '../../../../components/order-view/order-summary';
import { OrderThread } from '../../../../components/order-view/order-thread';
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
  return (
    <div className={`${page.page} ${page.wide}`}>
      <p>
        <a href={ORDERS_PATHS.seller}>Back to the orders</a>
      </p>
      <h1 className={page.title}>Order {order.number}</h1>
      {awaiting || fulfil ? <SellerOrderActions orderId={order._id} awaiting={awaiting} fulfil={fulfil} /> : null}
      <OrderSummary
        order={order}
        pdfHref={orderPdfPath('seller', order._id, user.id)}
        timeZone={displayZone(userZone)}
      />
      <OrderThread order={order} side="seller" />
    </div>
  );
}
