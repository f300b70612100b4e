import { randomUUID } from 'node:crypto';
import type { Order } from '@lotline/contracts';
import type { Metadata } from 'next';
import { notFound, redirect } from 'next/navigation';
import page from '../../../components/forms/auth-page.module.css';
import { FormMessages } from '../../../components/forms/form-messages';
import { callApi } from '../../../lib/auth/api-call.server';
import { getCurrentUser } from '../../../lib/auth/current-user.server';
import { formatMoney } from '../../../lib/format/money';
import { STAFF_WIRES_PATH, signInHref } from '../../../lib/routes';
import styles from '../../account/addresses.module.css';
import { MarkReceivedForm } from './mark-received-form';

export const metadata: Metadata = { title: 'Wire transfers awaited' };

type Awaited = { order: Order; buyer: { name: string; email: string } };

/** Staff only: orders whose buyer chose wire, to mark received when the money arrives. Others get the 404 page. */
export default async function StaffWiresPage() {
  const user = await getCurrentUser();
  if (!user) redirect(signInHref(STAFF_WIRES_PATH));
  if (!user.roles.some((r) => r === 'staff' || r === 'admin')) notFound();
  const answer = await callApi<Awaited[]>('GET', '/marketplace-api/staff/orders?awaiting=wire');
  const rows = answer.ok ? (answer.data ?? []) : [];
  return (
    <div className={`${page.page} ${page.wide}`}>
      <h1 className={page.title}>Wire transfers awaited</h1>
      <section className={page.card} aria-labelledby="wires-title">
        <h2 id="wires-title" className={page.cardTitle}>
          Orders to be paid by wire ({rows.length})
        </h2>
        {!answer.ok ? <FormMessages error={answer.error?.message ?? 'The orders could not be loaded.'} /> : null}
        {answer.ok && rows.length === 0 ? <p>No order is waiting for a wire transfer.</p> : null}
        {rows.length > 0 ? (
          <ul className={styles.list} aria-label="Orders awaiting a wire transfer">
            {rows.map(({ order, buyer }) => (
              <li key={order._id} className={styles.item} aria-label={`Order ${order.number}`}>
                <dl className={page.facts}>
                  <dt>Order</dt>
                  <dd>{order.number}</dd>
                  <dt>Buyer</dt>
                  <dd>
                    {buyer.name} ({buyer.email})
                  </dd>
                  <dt>Amount due</dt>
                  <dd>{formatMoney(order.amountDue, order.currency)}</dd>
                  <dt>Reference</dt>
                  <dd>{order.number}</dd>
                </dl>
                <MarkReceivedForm orderId={order._id} number={order.number} formKey={randomUUID()} />
              </li>
            ))}
          </ul>
        ) : null}
      </section>
    </div>
  );
}
