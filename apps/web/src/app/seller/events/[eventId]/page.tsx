import { companyLocationsResponse, type SellerEvent } from '@lotline/contracts';
import {
  MESSAGES_PATHS,
  ORDERS_PATHS,
  SELLER_EVENTS_PATH,
  SELLER_OFFERS_PATH,
  SELLER_TENDERS_PATH,
  sellerEventPath,
} from '@lotline/contracts/page-paths';
import type { Metadata } from 'next';
import { notFound } from 'next/navigation';
import { callApi } from '../../../../lib/auth/api-call.server';
import { eventPausedText } from '../../../../lib/events/event-pause';
import { loadEventPause } from '../../../../lib/events/event-pause.server';
import { companyLocationsPath } from '../../../../lib/seller-company/paths';
import { valuesOfEvent } from '../../../../lib/seller-events/event-form';
import { EVENT_STATUS_LABEL, utcText } from '../../../../lib/seller-events/labels';
import { sellerEventLotsPath } from '../../../../lib/seller-lots/paths';
import { sellerEventResultsPath } from '../../../../lib/seller-results/paths';
import { sellerEventLivePath, sellerEventRegistrationsPath } from '../../../../lib/seller-run/paths';
import { EventForm } from '../event-form';
import styles from '../events.module.css';
import { AddLocationForm, CopyLocationForm, RemoveLocationForm } from '../location-forms';
import { PublishForm } from '../publish-form';
import { NOT_A_SELLER, requireSignedIn } from '../seller-event-access.server';

export const metadata: Metadata = { title: 'Your event' };

/**
 * /seller/events/{eventId} (issue 16): the event's form, its locations, and
 * "Publish" while it is a draft. The company's users only: for a seller,
 * another company's event and an unknown one are "not found"; a non-seller is told why.
 */
export default async function SellerEventPage({ params }: { params: Promise<{ eventId: string }> }) {
  const { eventId } = await params;
  const user = await requireSignedIn(sellerEventPath(eventId));
  const answer = await callApi<SellerEvent>('GET', `/marketplace-api/seller/events/${encodeURIComponent(eventId)}`);
  if (answer.status === 404 || answer.status === 400) notFound();
  if (answer.status === 403) {
    // Another company's event is, for a seller, an event that does not exist; anyone else is told why.
    if (user.roles.includes('seller')) notFound();
    return (
      <div className={styles.page}>
        <h1>Your event</h1>
        <p>{NOT_A_SELLER}</p>
      </div>
    );
  }
  const event = answer.data;
  if (!answer.ok || !event) {
    return (
      <div className={styles.page}>
        <p role="alert">The event could not be loaded. Reload the page to try again.</p>
      </div>
    );
  }
  // The company's address book (decision 0054): offered to copy into the event; without it, only the form.
  const [locations, pause] = await Promise.all([
    callApi('GET', companyLocationsPath(event.companyId)),
    event.status === 'draft' ? null : loadEventPause(event._id),
  ]);
  const saved = companyLocationsResponse.safeParse(locations.data);
  const companyLocations = saved.success ? saved.data.locations : [];
  return (
    <div className={styles.page}>
      <p>
        <a href={SELLER_EVENTS_PATH}>← Your events</a>
      </p>
      <h1>{event.name}</h1>
      <p>
        <span className={styles.status} data-testid="event-status">
          {EVENT_STATUS_LABEL[event.status]}
        </span>{' '}
        · {utcText(event.startAt)} to {utcText(event.endAt)} ·{' '}
        <a href={sellerEventLotsPath(event._id)}>{event.lotsCount === 1 ? '1 lot' : `${event.lotsCount} lots`}</a>
        {event.status === 'draft' ? null : (
          <>
            {' '}
            · <a href={sellerEventResultsPath(event._id)}>Results</a>
          </>
        )}
      </p>
      {pause ? (
        // Only staff pause and resume (decision 0087): the seller reads why, as its buyers do.
        <p role="status" data-testid="event-paused">
          {eventPausedText(pause)}
        </p>
      ) : null}
      {event.status === 'draft' ? null : (
        <p className={styles.muted}>
          Published: the end cannot move earlier, a start that has passed cannot move, and once bidders bid or register
          the sale format, deposit and auction settings are locked.
        </p>
      )}
      <EventForm eventId={event._id} companyId={event.companyId} stored={valuesOfEvent(event)} />
      <section className={styles.section} aria-labelledby="event-locations">
        <h2 id="event-locations">Locations</h2>
        {event.locations.length === 0 ? <p className={styles.muted}>No locations yet.</p> : null}
        <ul aria-label="Locations">
          {event.locations.map((l) => (
            <li key={l._id}>
              <RemoveLocationForm owner={{ eventId: event._id }} location={l} />
            </li>
          ))}
        </ul>
        {companyLocations.length > 0 ? (
          <CopyLocationForm eventId={event._id} companyId={event.companyId} locations={companyLocations} />
        ) : null}
        <AddLocationForm owner={{ eventId: event._id }} />
      </section>
      <section className={styles.section} aria-labelledby="event-running">
        <h2 id="event-running">Running the event</h2>
        <ul>
          <li>
            <a href={sellerEventRegistrationsPath(event._id)}>Registrations</a>
            {event.settings.registrationApprovalRequired ? ' (approve or decline bidders)' : ''}
          </li>
          <li>
            <a href={sellerEventLivePath(event._id)}>Live view of bids</a>
          </li>
          <li>
            <a href={SELLER_OFFERS_PATH}>Offers</a>, <a href={SELLER_TENDERS_PATH}>tenders</a>,{' '}
            <a href={ORDERS_PATHS.seller}>orders</a> and <a href={MESSAGES_PATHS.seller}>messages</a> of all your events
          </li>
        </ul>
      </section>
      {event.status === 'draft' ? (
        <section className={styles.section} aria-labelledby="event-publish">
          <h2 id="event-publish">Publish</h2>
          <p className={styles.muted}>
            Before publishing: at least one lot and one location, an end in the future, and every lot with a photo, a
            category, a price and a location.
          </p>
          <PublishForm eventId={event._id} />
        </section>
      ) : null}
    </div>
  );
}
