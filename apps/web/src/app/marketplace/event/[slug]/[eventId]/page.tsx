import type { Metadata } from 'next';
import { permanentRedirect, redirect } from 'next/navigation';
import { ContactSeller } from '../../../../../components/contact-seller/contact-seller';
import { EventWatchButton } from '../../../../../components/watch-button/event-watch-button';
import { getCurrentUser } from '../../../../../lib/auth/current-user.server';
import { canonicalRedirect } from '../../../../../lib/browse/canonical';
import { firstValue, type RawSearchParams } from '../../../../../lib/browse/search-params';
import { parseBrowseState } from '../../../../../lib/browse/state';
import { absoluteUrl, mapTiles, publicOrigin } from '../../../../../lib/env.server';
import { ATTACHMENTS_PARAM, type AttachmentFilter, parseAttachmentFilter } from '../../../../../lib/events/attachments';
import { eventCalendarEntry } from '../../../../../lib/events/calendar';
import { eventJsonLd } from '../../../../../lib/events/event-json-ld';
import { eventPausedText } from '../../../../../lib/events/event-pause';
import { loadEventPause } from '../../../../../lib/events/event-pause.server';
import { imageUrl } from '../../../../../lib/images';
import { PAUSED_TIMER_TEXT } from '../../../../../lib/lots/timer';
import { VIEW_ONLY_EVENT_TEXT } from '../../../../../lib/lots/view-only';
import { contactGate } from '../../../../../lib/messaging/contact-gate.server';
import { browseHref, EVENT_ROUTE_PREFIX, eventHref, sellerHref } from '../../../../../lib/routes';
import { JsonLd } from '../../../../../lib/seo/json-ld';
import { pageMetadata, SHARE_IMAGE_WIDTH } from '../../../../../lib/seo/page-metadata';
import { displayZone, formatDateTime } from '../../../../../lib/time/format';
import { eventTimeZone } from '../../../../../lib/time/region-zones';
import { getUserTimeZone } from '../../../../../lib/time/user-zone.server';
import { findEventWishlistId } from '../../../../../lib/watchlist/event-wishlist.server';
import { AddToCalendar } from './add-to-calendar';
import { EventAttachments } from './event-attachments';
import { EventCountdown } from './event-countdown';
import { loadEvent, loadEventLocations, previewImage } from './event-data.server';
import { EventLocations } from './event-locations';
import { EventLots } from './event-lots';
import styles from './event-page.module.css';
import { type EventTab, EventTabs } from './event-tabs';
import { EventTerms } from './event-terms';

type Params = Promise<{ slug: string; eventId: string }>;
type SearchParams = Promise<RawSearchParams>;

/** The view parameter: absent for the lots, `tab=locations` for the Event Locations. */
const TAB_PARAM = 'tab';

export async function generateMetadata({ params }: { params: Params }): Promise<Metadata> {
  const event = await loadEvent((await params).eventId);
  const seller = event.company.displayName ?? event.company.name;
  const summary = `${event.lotsCount} ${event.lotsCount === 1 ? 'lot' : 'lots'} sold by ${seller}, ending ${formatDateTime(event.endAt, displayZone(null, eventTimeZone(event.locations)))}.`;
  const image = await previewImage(event);
  return pageMetadata({
    title: event.name,
    description: event.description ? `${event.description} ${summary}` : `${event.name}: ${summary}`,
    path: eventHref(event),
    ...(image ? { images: [image] } : {}),
  });
}

/**
 * Event page (spec §2): header (name, seller, end, countdown), the watchlist
 * button, Contact Seller, Add to Calendar, description, attachments with their
 * filter, the terms panel, then two views: the event's lots with the browse
 * filters scoped to the event, and the Event Locations (map and list). The
 * URL is the whole state: the browse parameters, `tab` and `attachments`; any
 * other form of it is redirected to the canonical one.
 */
export default async function EventPage({ params, searchParams }: { params: Params; searchParams: SearchParams }) {
  const { slug, eventId } = await params;
  const raw = await searchParams;
  const event = await loadEvent(eventId);
  const path = eventHref(event);

  const tab: EventTab = firstValue(raw[TAB_PARAM]) === 'locations' ? 'locations' : 'lots';
  const attachments = parseAttachmentFilter(raw);
  const { [TAB_PARAM]: _tab, [ATTACHMENTS_PARAM]: _attachments, ...browseRaw } = raw;
  // The Event Locations view has no lot filters, so its address carries none.
  const state = parseBrowseState(tab === 'lots' ? browseRaw : {}, 'assets', undefined, {
    eventId: event._id,
    path,
    tender: event.saleFormat === 'tender',
  });
  const addressOf = (view: EventTab, filter: AttachmentFilter) =>
    withParams(view === 'lots' ? browseHref(state) : path, {
      [TAB_PARAM]: view === 'locations' ? 'locations' : undefined,
      [ATTACHMENTS_PARAM]: filter === 'all' ? undefined : filter,
    });
  const target = canonicalRedirect(addressOf(tab, attachments), `${EVENT_ROUTE_PREFIX}${slug}/${eventId}`, raw);
  // A wrong or old slug moved for good (308, which search engines treat as a 301); a stray parameter is only normalized.
  if (target && `/${slug}/` !== `/${path.split('/')[3]}/`) permanentRedirect(target);
  if (target) redirect(target);

  const user = await getCurrentUser();
  const now = new Date();
  const [wishlistId, gate, locations, image, userZone, pause] = await Promise.all([
    user ? findEventWishlistId(user.id, event._id) : null,
    contactGate(user, event._id),
    tab === 'locations' ? loadEventLocations(event._id) : event.locations,
    previewImage(event),
    getUserTimeZone(),
    loadEventPause(event._id),
  ]);
  // The user's time zone, else the event's local time (issue 12); named either way.
  const timeZone = displayZone(userZone, eventTimeZone(event.locations));
  const seller = event.company;
  const url = absoluteUrl(path);

  return (
    <>
      <JsonLd
        data={eventJsonLd({
          event,
          locations,
          url,
          sellerUrl: absoluteUrl(sellerHref(seller)),
          image: image ? absoluteUrl(imageUrl(image, SHARE_IMAGE_WIDTH)) : undefined,
        })}
      />
      <div className={`container ${styles.page}`}>
        <header className={styles.header}>
          <h1 className={styles.title}>{event.name}</h1>
          <p className={styles.meta}>
            <span>
              Sold by <a href={sellerHref(seller)}>{seller.displayName ?? seller.name}</a>
            </span>
            <span>
              Ends <time dateTime={event.endAt}>{formatDateTime(event.endAt, timeZone)}</time>
            </span>
            {Date.parse(event.effectiveEndAt) > Date.parse(event.endAt) ? (
              // Staggered closes and soft-close extensions run past the scheduled end: say when the last lot closes.
              <span>
                Last lot closes{' '}
                <time dateTime={event.effectiveEndAt}>{formatDateTime(event.effectiveEndAt, timeZone)}</time>
              </span>
            ) : null}
            <span className={styles.countdown}>
              <span className="visually-hidden">Time left: </span>
              {/* The effective end: the last lot's close, which a staggered or soft close moves past "Ends". */}
              {pause ? (
                // A paused event's clock stands still (decision 0087), and says so as its lots' timers do (0093).
                PAUSED_TIMER_TEXT
              ) : (
                <EventCountdown
                  endsAt={Date.parse(event.effectiveEndAt)}
                  status={event.status}
                  serverNow={now.getTime()}
                />
              )}
            </span>
          </p>
          {/* A suspended seller's event (decision 0089): every lot's page says so too, in place of its actions. */}
          {event.viewOnly ? <p className={styles.viewOnly}>{VIEW_ONLY_EVENT_TEXT}</p> : null}
          {pause ? <p className={styles.viewOnly}>{eventPausedText(pause)}</p> : null}
          <div className={styles.actions}>
            <EventWatchButton eventId={event._id} wishlistId={wishlistId} signedIn={user !== null} pagePath={path} />
            <ContactSeller
              gate={gate}
              pagePath={path}
              subject={{ event: { _id: event._id, name: event.name }, terms: event.terms }}
            />
            <AddToCalendar entry={eventCalendarEntry(event, url)} now={now} host={new URL(publicOrigin()).host} />
          </div>
        </header>
        {event.description ? (
          <section className={styles.section} aria-labelledby="event-about">
            <h2 id="event-about">About this event</h2>
            <p className={styles.description}>{event.description}</p>
          </section>
        ) : null}
        <EventAttachments
          attachments={event.attachments}
          filter={attachments}
          hrefFor={(filter) => addressOf(tab, filter)}
        />
        <EventTerms bidDeposit={event.bidDeposit} terms={event.terms} />
      </div>
      <EventTabs current={tab} hrefOf={(view) => addressOf(view, attachments)} />
      {tab === 'locations' ? <EventLocations locations={locations} tiles={mapTiles()} /> : <EventLots state={state} />}
    </>
  );
}

/** `base` with the given parameters set (undefined ones left out). */
function withParams(base: string, extra: Record<string, string | undefined>): string {
  const [pathname, query = ''] = base.split('?') as [string, string?];
  const params = new URLSearchParams(query);
  for (const [key, value] of Object.entries(extra)) if (value !== undefined) params.set(key, value);
  const text = params.toString();
  return text ? `${pathname}?${text}` : pathname;
}
