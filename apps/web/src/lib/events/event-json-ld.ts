import type { EventDetail, EventLocation } from '@lotline/contracts';

export interface EventJsonLdInput {
  event: Pick<EventDetail, 'name' | 'description' | 'startAt' | 'endAt' | 'company'>;
  locations: EventLocation[];
  /** Absolute addresses of the event page, the seller's page and the preview image (if any). */
  url: string;
  sellerUrl: string;
  image?: string | undefined;
}

/**
 * schema.org `Event` for an event page: an online sale (VirtualLocation at
 * the page) whose assets sit at the event's locations (Place entries), run by
 * the seller (Organization). Every value comes from the event's data.
 */
export function eventJsonLd({ event, locations, url, sellerUrl, image }: EventJsonLdInput): Record<string, unknown> {
  const seller = event.company;
  return {
    '@type': 'Event',
    name: event.name,
    ...(event.description ? { description: event.description } : {}),
    startDate: event.startAt,
    endDate: event.endAt,
    eventStatus: 'https://schema.org/EventScheduled',
    eventAttendanceMode: 'https://schema.org/OnlineEventAttendanceMode',
    location: [
      { '@type': 'VirtualLocation', url },
      ...locations.map((l) => ({
        '@type': 'Place',
        name: `${l.city}, ${l.region}`,
        address: {
          '@type': 'PostalAddress',
          addressLocality: l.city,
          addressRegion: l.region,
          addressCountry: l.country,
        },
        geo: { '@type': 'GeoCoordinates', latitude: l.geoPoint[1], longitude: l.geoPoint[0] },
      })),
    ],
    organizer: {
      '@type': 'Organization',
      name: seller.displayName ?? seller.name,
      url: sellerUrl,
      ...(seller.logoUrl ? { logo: seller.logoUrl } : {}),
    },
    ...(image ? { image } : {}),
    url,
  };
}
