import type { OfferView } from '@lotline/contracts';
import { ORDER_STATUS_LABELS } from '@lotline/domain';
import { formatMoney } from '../../lib/format/money';
import { buyerOfferAction, sellerOfferAction } from '../../lib/offers/offer-actions';
import { lotPagePath, MY_OFFERS_PATH, orderPagePath } from '../../lib/routes';
import { formatDateTime } from '../../lib/time/format';
import { OfferActionForm } from './offer-action-form';
import styles from './offer-list.module.css';
import { isOpenOffer, OFFER_STATUS_TEXT, offerAmountText } from './offer-text';

/**
 * The offers of `/account/offers` (the buyer's) and `/seller/offers` (the
 * seller company's), open ones first as the API orders them, each with its
 * status and the answers its side may give now (decision 0046).
 */
export function OfferList({
  offers,
  side,
  timeZone,
  countersOn,
}: {
  offers: OfferView[];
  side: 'buyer' | 'seller';
  timeZone: string;
  /** COUNTER_OFFER: the seller's counter control shows only when on. */
  countersOn: boolean;
}) {
  return (
    <ul className={styles.list}>
      {offers.map((offer) => (
        <li key={offer._id} className={styles.item} aria-labelledby={`offer-${offer._id}`}>
          <h2 id={`offer-${offer._id}`} className={styles.name}>
            <a href={lotPagePath(offer.lot._id)}>{offer.lot.name}</a>
          </h2>
          <dl className={styles.facts}>
            <dt>Status</dt>
            <dd className={styles.status} data-status={offer.status}>
              {OFFER_STATUS_TEXT[offer.status]}
            </dd>
            <dt>{side === 'seller' ? 'Offer' : 'Your offer'}</dt>
            <dd>{offerAmountText(offer)}</dd>
            {offer.lot.buyItNowPrice !== null ? (
              <>
                <dt>Buy Now price</dt>
                <dd>{formatMoney(offer.lot.buyItNowPrice, offer.currency)}</dd>
              </>
            ) : null}
            {offer.counterAmount !== null ? (
              <>
                <dt>Counter-offer</dt>
                <dd>{offerAmountText(offer, offer.counterAmount)}</dd>
              </>
            ) : null}
            <dt>{side === 'seller' ? 'Buyer' : 'Seller'}</dt>
            <dd>{side === 'seller' ? (offer.buyer?.name ?? '') : offer.seller.name}</dd>
            <dt>{isOpenOffer(offer) ? 'Open until' : 'Made'}</dt>
            <dd>{formatDateTime(isOpenOffer(offer) ? offer.expiresAt : offer.createdAt, timeZone)}</dd>
          </dl>
          {offer.message && side === 'seller' ? <p className={styles.message}>“{offer.message}”</p> : null}
          {offer.order ? (
            <p>
              Order {offer.order.number}: {ORDER_STATUS_LABELS[offer.order.status]}.{' '}
              <a href={orderPagePath(side, offer.order._id)}>View the order</a>
            </p>
          ) : null}
          <Answers offer={offer} side={side} countersOn={countersOn} />
        </li>
      ))}
    </ul>
  );
}

function Answers({ offer, side, countersOn }: { offer: OfferView; side: 'buyer' | 'seller'; countersOn: boolean }) {
  const on = (what: string) => `${what} the offer on ${offer.lot.name}`;
  const id = (verb: string) => `${verb}-${offer._id}`;
  if (side === 'buyer') {
    const target = (verb: 'accept' | 'decline' | 'withdraw') =>
      buyerOfferAction.bind(null, { offerId: offer._id, verb, pagePath: MY_OFFERS_PATH });
    if (offer.status === 'countered')
      return (
        <div className={styles.actions}>
          <OfferActionForm
            action={target('accept')}
            label="Accept counter"
            pendingLabel="Accepting…"
            accessibleName={`Accept the counter-offer on ${offer.lot.name}`}
            idPrefix={id('accept')}
          />
          <OfferActionForm
            action={target('decline')}
            label="Decline"
            pendingLabel="Declining…"
            accessibleName={`Decline the counter-offer on ${offer.lot.name}`}
            idPrefix={id('decline')}
          />
        </div>
      );
    if (offer.status === 'pending')
      return (
        <OfferActionForm
          action={target('withdraw')}
          label="Withdraw offer"
          pendingLabel="Withdrawing…"
          accessibleName={on('Withdraw')}
          idPrefix={id('withdraw')}
        />
      );
    return null;
  }
  if (offer.status !== 'pending') return null;
  const target = (verb: 'accept' | 'decline' | 'counter') =>
    sellerOfferAction.bind(null, { offerId: offer._id, verb, currency: offer.currency });
  return (
    <div className={styles.actions}>
      <OfferActionForm
        action={target('accept')}
        label="Accept"
        pendingLabel="Accepting…"
        accessibleName={on('Accept')}
        idPrefix={id('accept')}
      />
      <OfferActionForm
        action={target('decline')}
        label="Decline"
        pendingLabel="Declining…"
        accessibleName={on('Decline')}
        idPrefix={id('decline')}
      />
      {countersOn ? (
        <OfferActionForm
          action={target('counter')}
          label="Counter"
          pendingLabel="Sending…"
          accessibleName={on('Counter')}
          amountField={{ label: 'Counter-offer per unit', hint: 'Above the offer, below the Buy Now price.' }}
          idPrefix={id('counter')}
        />
      ) : null}
    </div>
  );
}
