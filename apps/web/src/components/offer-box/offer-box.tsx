import type { LotResponse, Me, OfferView } from '@lotline/contracts';
import { loadBiddingState } from '../../lib/bidding/bid-panel.server';
import { formatMoney } from '../../lib/format/money';
import { buyerOfferAction, makeOfferAction } from '../../lib/offers/offer-actions';
import { loadMyOffers } from '../../lib/offers/offers.server';
import { MY_OFFERS_PATH, signInHref } from '../../lib/routes';
import { formatDateTime } from '../../lib/time/format';
import { MakeOfferForm } from './make-offer-form';
import { OfferActionForm } from './offer-action-form';
import styles from './offer-box.module.css';
import { isOpenOffer, OFFER_STATUS_TEXT, offerAmountText } from './offer-text';

type EventLot = Extract<LotResponse, { kind: 'event-lot' }>['lot']['_source'];

/** The lot page's best-offer box needs a Buy Now item with Best Offer on. */
export const takesOffers = (answer: LotResponse): EventLot | null =>
  answer.kind === 'event-lot' && answer.lot._source.type === 'BuyItNowItem' && answer.lot._source.bestOfferEnabled
    ? answer.lot._source
    : null;

/**
 * Best offer on the lot page (issue 15; decision 0046), rendered on the
 * server: a visitor is asked to sign in, an unverified user to verify; the
 * buyer's open offer with its status (and the seller's counter, with "Accept
 * counter" / "Decline"), or "Make an offer" (a disclosure: no script needed)
 * with the lot's terms (GET bidding's, as the bid panel shows them) and the
 * all-in cost of the offer typed. The API decides every rule; this only shows
 * its answers. Times are in the lot page's zone, named.
 */
export async function OfferBox({
  lot,
  user,
  pagePath,
  open,
  timeZone,
}: {
  lot: EventLot;
  user: Me | null;
  pagePath: string;
  /** For sale now: Active, started, before its end. */
  open: boolean;
  timeZone: string;
}) {
  const price = lot.buyItNowPrice === null ? null : formatMoney(lot.buyItNowPrice, lot.currency);
  // The terms only for someone who may make an offer now: they are shown in the form.
  const [mine, bidding] = await Promise.all([
    user ? loadMyOffers(user.id, lot._id) : null,
    user?.verified && open ? loadBiddingState(lot._id) : null,
  ]);
  const current = mine?.ok ? mine.offers.find(isOpenOffer) : undefined;
  const last = mine?.ok ? mine.offers[0] : undefined;
  return (
    <section className={styles.box} aria-labelledby="offer-box-title">
      <h2 id="offer-box-title" className={styles.title}>
        Make an offer
      </h2>
      {!user ? (
        <p>
          <a href={signInHref(pagePath)}>Sign in</a> to make an offer.
        </p>
      ) : current ? (
        <CurrentOffer offer={current} pagePath={pagePath} timeZone={timeZone} />
      ) : !open ? (
        <p>This lot is not for sale now: offers are closed.</p>
      ) : !user.verified ? (
        <p>Complete the verification of your account before you make an offer.</p>
      ) : (
        <>
          {last ? <LastOffer offer={last} /> : null}
          <details className={styles.disclosure}>
            <summary className="button">Make an offer</summary>
            <MakeOfferForm
              action={makeOfferAction.bind(null, { id: lot._id, currency: lot.currency, pagePath })}
              priceText={price ?? 'the listed price'}
              maxQuantity={lot.quantity}
              currency={lot.currency}
              terms={bidding?.terms ?? null}
            />
          </details>
        </>
      )}
      <p className={styles.note}>
        <a href={MY_OFFERS_PATH}>Your offers</a>
      </p>
    </section>
  );
}

function CurrentOffer({ offer, pagePath, timeZone }: { offer: OfferView; pagePath: string; timeZone: string }) {
  const until = <time dateTime={offer.expiresAt}>{formatDateTime(offer.expiresAt, timeZone)}</time>;
  return (
    <div className={styles.current}>
      <p>
        Your offer: <strong>{offerAmountText(offer)}</strong> — {OFFER_STATUS_TEXT[offer.status]}
      </p>
      {offer.status === 'countered' && offer.counterAmount !== null ? (
        <>
          <p>
            The seller’s counter-offer: <strong>{offerAmountText(offer, offer.counterAmount)}</strong>, open until{' '}
            {until}.
          </p>
          <div className={styles.actions}>
            <OfferActionForm
              action={buyerOfferAction.bind(null, { offerId: offer._id, verb: 'accept', pagePath })}
              label="Accept counter"
              pendingLabel="Accepting…"
              idPrefix={`accept-${offer._id}`}
            />
            <OfferActionForm
              action={buyerOfferAction.bind(null, { offerId: offer._id, verb: 'decline', pagePath })}
              label="Decline"
              pendingLabel="Declining…"
              idPrefix={`decline-${offer._id}`}
            />
          </div>
        </>
      ) : (
        <>
          <p>The seller may answer until {until}.</p>
          <OfferActionForm
            action={buyerOfferAction.bind(null, { offerId: offer._id, verb: 'withdraw', pagePath })}
            label="Withdraw offer"
            pendingLabel="Withdrawing…"
            idPrefix={`withdraw-${offer._id}`}
          />
        </>
      )}
    </div>
  );
}

/** The latest answered offer, so the buyer sees what became of it. */
function LastOffer({ offer }: { offer: OfferView }) {
  return (
    <p className={styles.note}>
      Your last offer, {offerAmountText(offer)}: {OFFER_STATUS_TEXT[offer.status]}.
    </p>
  );
}
