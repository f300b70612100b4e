import { type EventDetail, eventDetailResponse, type LotResponse, lotResponse } from '@lotline/contracts';
import type { Metadata } from 'next';
import { notFound } from 'next/navigation';
import { cache } from 'react';
import { BidPanel } from '../../../../../components/bid-panel/bid-panel';
import { BuyBox, type BuyGate } from '../../../../../components/buy-box/buy-box';
import { type ContactGate, ContactSeller } from '../../../../../components/contact-seller/contact-seller';
import { LIVE } from '../../../../../components/live-ticker/live-dom';
import { BestOfferTip } from '../../../../../components/lot-card/best-offer-tip';
import { CardFooter } from '../../../../../components/lot-card/card-footer';
import { WatchControl } from '../../../../../components/lot-card/watch-control';
import { LotActions, ownLotText } from '../../../../../components/lot-detail/lot-actions';
import styles from '../../../../../components/lot-detail/lot-detail.module.css';
import { LotGallery } from '../../../../../components/lot-detail/lot-gallery';
import { OfferBox, takesOffers } from '../../../../../components/offer-box/offer-box';
import { TenderBox } from '../../../../../components/tender-box/tender-box';
import { apiGet } from '../../../../../lib/api/api.server';
import { ApiError } from '../../../../../lib/api/errors';
import { getCurrentUser } from '../../../../../lib/auth/current-user.server';
import { type AuctionLotRef, auctionLotOf, eventLotOf } from '../../../../../lib/bidding/auction-lot';
import { HISTORY_PAGE_SIZE, loadBidPanel } from '../../../../../lib/bidding/bid-panel.server';
import { loadBuyNow } from '../../../../../lib/buy-now/buy-now.server';
import { EVENT_PAUSED_UNREAD_TEXT, eventPausedText } from '../../../../../lib/events/event-pause';
import { loadEventPause } from '../../../../../lib/events/event-pause.server';
import { lotDescription, lotDetailModel } from '../../../../../lib/lots/lot-detail';
import { lotDocumentFiles, lotFiles } from '../../../../../lib/lots/lot-files';
import { lotJsonLd } from '../../../../../lib/lots/lot-json-ld';
import { lotWithdrawnText } from '../../../../../lib/lots/lot-withdrawal.server';
import { VIEW_ONLY_LOT_TEXT } from '../../../../../lib/lots/view-only';
import { contactGate } from '../../../../../lib/messaging/contact-gate.server';
import { BUY_NOW_PARAM } from '../../../../../lib/routes';
import { viewerSellsLot } from '../../../../../lib/seller-company/sells-lot.server';
import { JsonLd } from '../../../../../lib/seo/json-ld';
import { pageMetadata } from '../../../../../lib/seo/page-metadata';
import { loadTenderBox } from '../../../../../lib/tenders/tender-box.server';
import { getUserTimeZone } from '../../../../../lib/time/user-zone.server';
import { loadWatchStates } from '../../../../../lib/watchlist/watch-states.server';

type Params = Promise<{ slug: string; lotId: string }>;
type SearchParams = Promise<Record<string, string | string[] | undefined>>;

/**
 * The lot, or the 404 page for an id that is unknown, malformed, hidden or in
 * a draft event. Once per request. The slug is the proxy's business: a wrong
 * one never gets here (301 to the canonical URL, lib/lots/lot-route.ts).
 */
const loadLot = cache(async (lotId: string): Promise<LotResponse> => {
  try {
    return await apiGet(`/marketplace/api/lots/${encodeURIComponent(lotId)}`, {}, lotResponse);
  } catch (error) {
    if (error instanceof ApiError && (error.status === 404 || error.status === 400)) notFound();
    throw error;
  }
});

/** The lot's event for its terms and documents; the page still shows the lot if this read fails. */
async function loadEvent(eventId: string): Promise<EventDetail | null> {
  try {
    return (await apiGet(`/marketplace/api/event/events/${encodeURIComponent(eventId)}`, {}, eventDetailResponse))
      .event;
  } catch (error) {
    console.error(`[lot page] event ${eventId} could not be read; terms and documents are left out`, error);
    return null;
  }
}

/** A Best Offer item takes offers while it is for sale: started, before its end, units left (the API decides). */
const offerOpen = (
  lot: { quantity: number; startAt: string | null; endedAt: string | null },
  closed: boolean,
  now: number,
) =>
  !closed &&
  lot.quantity > 0 &&
  (lot.startAt === null || Date.parse(lot.startAt) <= now) &&
  (lot.endedAt === null || Date.parse(lot.endedAt) > now);

const stepsOf = (gate: ContactGate) => (gate.kind === 'unverified' ? gate.steps : []);

/** Buying needs only verification (not an event's bidder terms): the contact gate's first two steps. */
const buyGateOf = (gate: ContactGate): BuyGate =>
  gate.kind === 'visitor' || gate.kind === 'unverified' ? gate : { kind: 'ready' };

/** The buy-now item's id, or null for any other lot. */
const buyNowLotOf = (answer: LotResponse) =>
  answer.kind === 'event-lot' && answer.lot._source.type === 'BuyItNowItem' ? answer.lot._source._id : null;

export async function generateMetadata({ params }: { params: Params }): Promise<Metadata> {
  const model = lotDetailModel(await loadLot((await params).lotId), Date.now());
  return pageMetadata({
    title: model.card.title,
    description: lotDescription(model),
    path: model.path,
    images: model.photos.slice(0, 1).map((p) => p.src),
  });
}

/**
 * Lot detail (spec §2, issue 6): photos, the card's facts (label, price, bids,
 * timer, Best Offer), seller, location, event, the price and logistics
 * details, the lot's and its event's documents, the watch heart and what this person can
 * do now. Everything is rendered here; the client islands are the gallery,
 * the price/timer footer, the watch toggle and the terms form.
 */
export default async function LotPage({ params, searchParams }: { params: Params; searchParams: SearchParams }) {
  const now = Date.now();
  const [answer, user, userZone] = await Promise.all([
    loadLot((await params).lotId),
    getCurrentUser(),
    getUserTimeZone(),
  ]);
  const model = lotDetailModel(answer, now, userZone);
  const { card } = model;
  const auction = auctionLotOf(answer);
  const tenderLot = eventLotOf(answer, 'TenderLot');
  const offerLot = takesOffers(answer);
  const gateOf = contactGate(user, model.event?._id ?? null);
  const buyNowId = buyNowLotOf(answer);
  const source = answer.kind === 'event-lot' ? answer.lot._source : null;
  const [event, gate, watchOf, panel, tenderBox, buyNow, sells, withdrawn, pause] = await Promise.all([
    model.event ? loadEvent(model.event._id) : null,
    gateOf,
    model.documentId ? loadWatchStates([model.documentId], model.path) : null,
    auction ? gateOf.then((g) => loadBidPanel(user, auction, g.kind)) : null,
    tenderLot ? gateOf.then((g) => loadTenderBox(user, tenderLot, g.kind)) : null,
    buyNowId ? loadBuyNow(buyNowId) : null,
    viewerSellsLot(user, source?.company._id ?? null),
    source ? lotWithdrawnText(source._id) : null,
    model.event ? loadEventPause(model.event._id) : null,
  ]);
  // A member of the selling company is told why instead of being offered what the API refuses (decision 0067);
  // a lot the marketplace withdrew says so, with the reason, to everyone (decision 0081); so does a suspended
  // seller's lot, view-only (decision 0089).
  // A paused event's lot says so, its clock stopped (decision 0087).
  const ownLot =
    withdrawn ??
    (sells && source ? ownLotText(source.type) : null) ??
    (pause ? eventPausedText(pause, card.timer?.endsAt) : source?.paused ? EVENT_PAUSED_UNREAD_TEXT : null) ??
    (source?.viewOnly ? VIEW_ONLY_LOT_TEXT : null);
  const openBuy = (await searchParams)[BUY_NOW_PARAM] === '1';
  const files = [
    ...lotDocumentFiles(answer.kind === 'event-lot' ? (answer.lot._source.documents ?? []) : []),
    ...lotFiles(event?.attachments ?? []),
  ];
  // What the bid panel and the tender box share: the lot, the person and the event's terms and deposit.
  const boxProps = (lot: AuctionLotRef) => ({
    lotId: lot.eventLotId,
    eventId: lot.eventId,
    eventName: lot.eventName,
    userId: user?.id ?? null,
    pagePath: model.path,
    // The details' zone (the user's, else the lot's local time): a box's "Closes" reads as the details do.
    timeZone: model.timeZone,
    gate: gate.kind,
    steps: stepsOf(gate),
    terms: event?.terms ?? [],
    deposit: event ? event.bidDeposit : undefined,
    startAt: lot.startAt,
    closed: model.closed,
  });

  return (
    <div className={`container ${styles.page}`}>
      <JsonLd data={lotJsonLd(answer, model)} />
      <div className={styles.top}>
        <LotGallery
          title={card.title}
          photos={model.photos}
          overlay={
            watchOf && model.documentId ? (
              <WatchControl documentId={model.documentId} watch={watchOf(model.documentId)} />
            ) : null
          }
        />
        <div className={styles.summary}>
          <p className={styles.labels}>
            <span className={styles.label}>{card.saleLabel}</span>
            {card.state ? (
              <span className={`${styles.state} ${card.state === 'SOLD' ? styles.stateSold : ''}`}>{card.state}</span>
            ) : null}
          </p>
          <h1 className={styles.title}>{card.title}</h1>
          <div className={styles.meta}>
            {model.number ? <p>Lot {model.number}</p> : null}
            {model.seller ? (
              <p>
                Sold by <a href={model.seller.href}>{model.seller.name}</a>
              </p>
            ) : null}
            {model.location ? <p>Location: {model.location}</p> : null}
            {model.event ? (
              <p>
                Event: <a href={model.event.href}>{model.event.name}</a>
              </p>
            ) : null}
          </div>
          {/* The live stream follows this lot here (decision 0039). */}
          <div className={styles.live} {...{ [LIVE.lotId]: card.live?.lotId }}>
            <CardFooter
              price={card.price}
              bidAmount={card.bidAmount}
              liveCurrency={card.live?.currency ?? null}
              bidsCount={card.bidsCount}
              bidsText={card.bidsText}
              // A paused event's lot says so in its timer, which the live stream restarts at the resume (0093).
              timer={pause && card.timer ? { ...card.timer, paused: true } : card.timer}
              highlighted={card.endingSoon}
              now={now}
            />
          </div>
          {card.bestOffer ? (
            <p className={styles.labels}>
              <BestOfferTip id="lot-best-offer" />
            </p>
          ) : null}
          <LotActions
            gate={gate}
            closed={model.closed}
            pagePath={model.path}
            event={model.event}
            terms={event?.terms ?? []}
            title={buyNow ? 'Buy now' : 'Bidding'}
            ownLot={ownLot}
            bidPanel={
              buyNow ? (
                <BuyBox
                  state={buyNow}
                  gate={buyGateOf(gate)}
                  pagePath={model.path}
                  title={card.title}
                  autoOpen={openBuy}
                />
              ) : auction && panel ? (
                <BidPanel {...boxProps(auction)} initial={panel} historySize={HISTORY_PAGE_SIZE} />
              ) : tenderLot && tenderBox ? (
                <TenderBox {...boxProps(tenderLot)} initial={tenderBox} />
              ) : null
            }
          />
          {offerLot && !ownLot ? (
            <OfferBox
              lot={offerLot}
              user={user}
              pagePath={model.path}
              open={offerOpen(offerLot, model.closed, now)}
              timeZone={model.timeZone}
            />
          ) : null}
          {model.event && model.documentId ? (
            // Spec §5: the seller is asked about this lot (the message names it); lots with no event have no seller thread.
            <div className={styles.contact}>
              <ContactSeller
                gate={gate}
                pagePath={model.path}
                subject={{
                  event: { _id: model.event._id, name: model.event.name },
                  eventLot: { _id: model.documentId, name: card.title, number: model.number ?? '' },
                  terms: event?.terms ?? [],
                }}
              />
            </div>
          ) : null}
        </div>
      </div>

      <section className={styles.section} aria-labelledby="lot-details-title">
        <h2 id="lot-details-title">Details</h2>
        <dl className={styles.facts}>
          {model.facts.map((fact) => (
            <div key={fact.label} className={styles.fact}>
              <dt>{fact.label}</dt>
              <dd>{fact.href ? <a href={fact.href}>{fact.value}</a> : fact.value}</dd>
            </div>
          ))}
        </dl>
      </section>

      {model.description.trim() ? (
        <section className={styles.section} aria-labelledby="lot-description-title">
          <h2 id="lot-description-title">Description</h2>
          <p className={styles.description}>{model.description}</p>
        </section>
      ) : null}

      {files.length > 0 ? (
        <section className={styles.section} aria-labelledby="lot-documents-title">
          <h2 id="lot-documents-title">Documents</h2>
          <ul className={styles.files}>
            {files.map((file) => (
              <li key={file._id}>
                <a href={file.url}>{file.title}</a>
                <span className={styles.fileType}>
                  {file.type} · {file.fileName}
                  {file.size ? ` · ${file.size}` : ''}
                </span>
              </li>
            ))}
          </ul>
        </section>
      ) : null}
    </div>
  );
}
