import type { Order } from '@lotline/contracts';
import page from '../../components/forms/auth-page.module.css';
import { flagOn } from '../../lib/api/flags.server';
import { messageThreadPath } from '../../lib/routes';
import { OrderMessageForm } from './order-message-form';

/**
 * The order's own message thread (ORDER_CONVERSATION on): a link to the
 * thread once it exists (read and answered in the messages pages) and a form
 * to write. With the flag off there is no thread at all.
 */
export async function OrderThread({ order, side }: { order: Order; side: 'buyer' | 'seller' }) {
  if (!(await flagOn('ORDER_CONVERSATION'))) return null;
  return (
    <section className={page.card} aria-labelledby="order-thread">
      <h2 id="order-thread" className={page.cardTitle}>
        Messages about this order
      </h2>
      {order.conversationId ? (
        <p>
          <a href={messageThreadPath(side, order.conversationId)}>Open the conversation</a>
        </p>
      ) : (
        <p>{side === 'buyer' ? 'Ask the seller about this order.' : 'Write to the buyer about this order.'}</p>
      )}
      <OrderMessageForm orderId={order._id} side={side} />
    </section>
  );
}
