import { randomUUID } from 'node:crypto';
import type { Order, PaymentMethod } from '@lotline/contracts';
import { ORDER_STATUS } from '@lotline/contracts';
import { formatMoney } from '../../lib/format/money';
import styles from './order-payment.module.css';
import { CardPayForms, WireForm } from './pay-forms';

/**
 * The pay controls of a buyer's order page (decision 0044), rendered on the
 * server: the amount due (after the bid deposit), the last refusal, "Pay now"
 * with the default card, "Pay with another card", and "Pay by wire transfer"
 * with its instructions. The orders slice's page embeds it.
 */
export function OrderPayment({ order, cards }: { order: Order; cards: PaymentMethod[] }) {
  if (order.status !== ORDER_STATUS.pending) return null;
  const money = (amount: number) => formatMoney(amount, order.currency);
  // One key per render: a double submit of this form is one payment (Idempotency-Key).
  const formKey = randomUUID();
  return (
    <section className={styles.panel} aria-labelledby={`pay-${order._id}`}>
      <h2 id={`pay-${order._id}`} className={styles.title}>
        Payment
      </h2>
      <p className={styles.due}>
        Amount due: <strong>{money(order.amountDue)}</strong>
        {order.depositApplied > 0 ? <> (your bid deposit of {money(order.depositApplied)} is applied)</> : null}
      </p>
      {order.approval !== 'approved' ? (
        <p>The seller has not approved this order yet. You can pay once they do.</p>
      ) : order.paymentKind === 'wire' && order.wireInstructions ? (
        <WireInstructions lines={order.wireInstructions} />
      ) : (
        <>
          {order.paymentError ? (
            <p role="alert" className={styles.alert}>
              {order.paymentError}
            </p>
          ) : null}
          <CardPayForms orderId={order._id} formKey={formKey} cards={cards} />
          {order.wireInstructions ? <WireForm orderId={order._id} /> : null}
        </>
      )}
    </section>
  );
}

function WireInstructions({ lines }: { lines: string[] }) {
  return (
    <div>
      <p>You chose to pay by wire transfer. We mark the order paid when your wire arrives.</p>
      <h3 className={styles.subtitle}>Wire transfer instructions</h3>
      <ul className={styles.instructions}>
        {lines.map((line) => (
          <li key={line}>{line}</li>
        ))}
      </ul>
    </div>
  );
}
