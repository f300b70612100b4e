import { orderResponse } from '@lotline/contracts';
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

export const metadata: Metadata = { title: 'Order' };

/**
 * The buyer's order page (issue 15): totals, fees, tax or exemption, deposit
 * applied, amount due, history, the PDF, the order's thread, and the pay
 * controls (the payments slice's component).
 */
export default async function OrderPage({ params }: { params: Promise<{ orderId: string }> }) {
  const { orderId } = await params;
  const user = await getCurrentUser();
  if (!user) redirect(signInHref(orderPagePath('buyer', orderId)));
  const [answer, userZone] = await Promise.all([
    callApi<unknown>(
      'GET',
      `/marketplace-api/users/${encodeURIComponent(user.id)}/orders/${encodeURIComponent(orderId)}`,
    ),
    getUserTimeZone(),
  ]);
  if (answer.status === 404) notFound();
  const parsed = answer.ok ? orderResponse.safeParse(answer.data) : null;
  if (!parsed?.success) throw new Error('The order could not be loaded.');
  const { order } = parsed.data;
  return (
    <div className={`${page.page} ${page.wide}`}>
      <p>
        <a href={ORDERS_PATHS.buyer}>Back to your orders</a>
      </p>
      <h1 className={page.title}>Order {order.number}</h1>
      {/* OrderPayment: payments slice (apps/web/src/components/order-payment/), mounted here by the lead */}
      <OrderSummary
        order={order}
        pdfHref={orderPdfPath('buyer', order._id, user.id)}
        timeZone={displayZone(userZone)}
      />
      <OrderThread order={order} side="buyer" />
    </div>
  );
}
