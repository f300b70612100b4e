import 'server-only';
import { type EventDetail, type EventLocation, eventDetailResponse, eventLocationsResponse } from '@lotline/contracts';
import { notFound } from 'next/navigation';
import { cache } from 'react';
import { apiGet } from '../../../../../lib/api/api.server';
import { ApiError } from '../../../../../lib/api/errors';
import { fetchEventLots } from '../../../../../lib/api/event-lots.server';

/**
 * The event, or the 404 page for one that does not exist or is a draft, or whose id the API
 * refuses (400: malformed, or text such as a NUL that it never accepts, decision 0028). Once per request.
 */
export const loadEvent = cache(async (eventId: string): Promise<EventDetail> => {
  try {
    const { event } = await apiGet(
      `/marketplace/api/event/events/${encodeURIComponent(eventId)}`,
      {},
      eventDetailResponse,
    );
    return event;
  } catch (error) {
    if (error instanceof ApiError && (error.status === 404 || error.status === 400)) notFound();
    throw error;
  }
});

/** The Event Locations view's data: GET …/event-locations with the lot counts (spec §7). */
export async function loadEventLocations(eventId: string): Promise<EventLocation[]> {
  const { eventLocations } = await apiGet(
    `/ars/api/v2/event/events/${encodeURIComponent(eventId)}/event-locations`,
    { virtualAttributes: 'eventLotsCount' },
    eventLocationsResponse,
  );
  return eventLocations;
}

/**
 * The picture of the event for link previews and structured data: the
 * seller's logo, else the first photo of the event's first lot, else none.
 * Once per request (metadata and page share it).
 */
export const previewImage = cache(async (event: EventDetail): Promise<string | undefined> => {
  if (event.company.logoUrl) return event.company.logoUrl;
  const { eventLots } = await fetchEventLots({
    pageNumber: 1,
    pageSize: 1,
    esQuery: { operator: 'and', params: [{ field: 'eventId', op: 'eq', value: event._id }] },
  });
  return eventLots[0]?._source.centralFileLinks[0]?.centralFile.s3Url;
});
