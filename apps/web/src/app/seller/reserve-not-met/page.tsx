import { randomUUID } from 'node:crypto';
import type { Metadata } from 'next';
import { notFound, redirect } from 'next/navigation';
import page from '../../../components/forms/auth-page.module.css';
import { FormMessages } from '../../../components/forms/form-messages';
import { callApi } from '../../../lib/auth/api-call.server';
import { getCurrentUser } from '../../../lib/auth/current-user.server';
import { formatMoney } from '../../../lib/format/money';
import { SELLER_RESERVE_PATH, signInHref } from '../../../lib/routes';
import { formatDateTime } from '../../../lib/time/format-date';
import styles from '../../account/addresses.module.css';
import { AcceptReserveForm } from './accept-reserve-form';

export const metadata: Metadata = { title: 'Reserve not met' };

type ReserveLot = {
  _id: string;
  number: string;
  name: string;
  currency: string;
  price: number;
  reserve: number | null;
  closedAt: string;
  acceptBy: string;
};

/** A seller company's lots that closed below the reserve: accept the leader's price within 2 days (BIDDING §7). */
export default async function ReserveNotMetPage() {
  const user = await getCurrentUser();
  if (!user) redirect(signInHref(SELLER_RESERVE_PATH));
  const answer = await callApi<ReserveLot[]>('GET', '/marketplace-api/seller/reserve-not-met');
  // Not a seller company's user: the page does not exist for them.
  if (answer.status === 403) notFound();
  const lots = answer.ok ? (answer.data ?? []) : [];
  return (
    <div className={`${page.page} ${page.wide}`}>
      <h1 className={page.title}>Reserve not met</h1>
      <section className={page.card} aria-labelledby="reserve-title">
        <h2 id="reserve-title" className={page.cardTitle}>
          Lots awaiting your answer ({lots.length})
        </h2>
        <p>
          These lots closed below your reserve. Accept the highest bid to sell the lot to its bidder; if you do not, the
          lot goes unsold when the time runs out.
        </p>
        {!answer.ok ? <FormMessages error={answer.error?.message ?? 'The lots could not be loaded.'} /> : null}
        {answer.ok && lots.length === 0 ? <p>No lot is waiting for your answer.</p> : null}
        {lots.length > 0 ? (
          <ul className={styles.list} aria-label="Lots below the reserve">
            {lots.map((lot) => (
              <li key={lot._id} className={styles.item} aria-label={`Lot ${lot.number} ${lot.name}`}>
                <dl className={page.facts}>
                  <dt>Lot</dt>
                  <dd>
                    {lot.number} {lot.name}
                  </dd>
                  <dt>Highest bid</dt>
                  <dd>{formatMoney(lot.price, lot.currency)}</dd>
                  {lot.reserve !== null ? (
                    <>
                      <dt>Your reserve</dt>
                      <dd>{formatMoney(lot.reserve, lot.currency)}</dd>
                    </>
                  ) : null}
                  <dt>Accept by</dt>
                  <dd>{formatDateTime(lot.acceptBy, 'UTC')} UTC</dd>
                </dl>
                <AcceptReserveForm lotId={lot._id} label={`${lot.number} ${lot.name}`} formKey={randomUUID()} />
              </li>
            ))}
          </ul>
        ) : null}
      </section>
    </div>
  );
}
