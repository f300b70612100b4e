import { randomUUID } from 'node:crypto';
import type { SecondChance } from '@lotline/contracts';
import page from '../../../components/forms/auth-page.module.css';
import { formatMoney } from '../../../lib/format/money';
import { lotPagePath, orderPagePath } from '../../../lib/routes';
import { formatDateTime } from '../../../lib/time/format-date';
import { SecondChanceForm } from './second-chance-form';

const STATUS_WORDS: Record<SecondChance['status'], string> = {
  open: 'Open',
  accepted: 'Bought',
  declined: 'Declined',
  expired: 'Expired',
};

/**
 * The lots offered to the buyer because the winner did not pay (BIDDING §8, decision 0061): each at their own
 * highest bid, open 48 hours, with the event's premium, fees and tax on top as for a win. Absent when there are
 * none.
 */
export function SecondChances({ offers, timeZone }: { offers: SecondChance[]; timeZone: string }) {
  if (offers.length === 0) return null;
  return (
    <section className={page.card} aria-labelledby="second-chances">
      <h2 id="second-chances" className={page.cardTitle}>
        Second chances
      </h2>
      <p>
        The winner of these lots did not pay. You may buy each at your own highest bid; the buyer’s premium, fees and
        tax of the event’s terms are added, and your default card is charged as for a win.
      </p>
      <ul>
        {offers.map((o) => (
          <li key={o._id}>
            <p>
              <a href={lotPagePath(o.lot._id)}>{o.lot.name}</a>: <strong>{formatMoney(o.amount, o.currency)}</strong> ·{' '}
              {STATUS_WORDS[o.status]}
              {o.status === 'open' ? (
                <>
                  {' '}
                  until <time dateTime={o.expiresAt}>{formatDateTime(o.expiresAt, timeZone)}</time>
                </>
              ) : null}
              {o.orderId ? (
                <>
                  {' '}
                  · <a href={orderPagePath('buyer', o.orderId)}>View the order</a>
                </>
              ) : null}
            </p>
            {o.status === 'open' ? <SecondChanceForm secondChanceId={o._id} formKey={randomUUID()} /> : null}
          </li>
        ))}
      </ul>
    </section>
  );
}
