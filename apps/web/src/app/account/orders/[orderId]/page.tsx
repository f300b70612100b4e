import { orderResponse, paymentMethodsResponse } from '@lotline/contracts';
import type { Metadata } from 'next';
import { notFound, redirect } from 'next/navigation';
import page from '../../../../components/forms/auth-page.module.css';
import { OrderPayment } from '../../../../components/order-payment/order-payment';
import { OrderRefunds } from '../../../../components/order-view/order-refunds';
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
  const base = `/marketplace-api/users/${encodeURIComponent(user.id)}`;
  const [answer, userZone, cardsAnswer] = await Promise.all([
    callApi<unknown>('GET', `${base}/orders/${encodeURIComponent(orderId)}`),
    getUserTimeZone(),
    callApi<unknown>('GET', `${base}/payment-methods`),
  ]);
  if (answer.status === 404) notFound();
  const parsed = answer.ok ? orderResponse.safeParse(answer.data) : null;
  if (!parsed?.success) throw new Error('The order could not be loaded.');
  const { order } = parsed.data;
  const savedCards = paymentMethodsResponse.safeParse(cardsAnswer.data);
  const cards = savedCards.success ? savedCards.data : [];
  return (
    <div className={`${page.page} ${page.wide}`}>
      <p>
        <a href={ORDERS_PATHS.buyer}>Back to your orders</a>
      </p>
      <h1 className={page.title}>Order {order.number}</h1>
      <OrderPayment order={order} cards={cards} />
      <OrderSummary
        order={order}
        pdfHref={orderPdfPath('buyer', order._id, user.id)}
        timeZone={displayZone(userZone)}
      />
      <OrderRefunds order={order} side="buyer" userId={user.id} timeZone={displayZone(userZone)} />
      <OrderThread order={order} side="buyer" />
    </div>
  );
}
