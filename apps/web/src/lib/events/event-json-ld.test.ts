import { describe, expect, it } from 'vitest';
import { serializeJsonLd } from '../seo/json-ld';
import { eventJsonLd } from './event-json-ld';

describe('eventJsonLd', () => {
  it('is an online Event with the page as VirtualLocation, a Place per location and the seller as organizer', () => {
    const data = eventJsonLd({
      event: {
        name: 'Plant </script> closure',
        description: 'Everything must go',
        startAt: '2026-11-01T00:00:00.000Z',
        endAt: '2026-12-01T17:30:00.000Z',
        company: { _id: 'co_1', slug: 'acme', name: 'Acme Inc', displayName: 'Acme', logoUrl: null },
      },
      locations: [
        {
          dispositionLocationId: 'loc_1',
          city: 'Houston',
          region: 'TX',
          country: 'US',
          taxRate: 8.25,
          geoPoint: [-95.37, 29.76],
        },
      ],
      url: 'https://lotline.example/marketplace/event/plant-closure/ev_1',
      sellerUrl: 'https://lotline.example/marketplace/seller/acme/co_1',
    });
    const parsed = JSON.parse(serializeJsonLd(data));
    expect(parsed).toMatchObject({
      '@context': 'https://schema.org',
      '@type': 'Event',
      name: 'Plant </script> closure',
      startDate: '2026-11-01T00:00:00.000Z',
      endDate: '2026-12-01T17:30:00.000Z',
      eventStatus: 'https://schema.org/EventScheduled',
      eventAttendanceMode: 'https://schema.org/OnlineEventAttendanceMode',
      organizer: { '@type': 'Organization', name: 'Acme', url: 'https://lotline.example/marketplace/seller/acme/co_1' },
      url: 'https://lotline.example/marketplace/event/plant-closure/ev_1',
    });
    expect(parsed.location).toEqual([
      { '@type': 'VirtualLocation', url: 'https://lotline.example/marketplace/event/plant-closure/ev_1' },
      {
        '@type': 'Place',
        name: 'Houston, TX',
        address: { '@type': 'PostalAddress', addressLocality: 'Houston', addressRegion: 'TX', addressCountry: 'US' },
        geo: { '@type': 'GeoCoordinates', latitude: 29.76, longitude: -95.37 },
      },
    ]);
    expect(serializeJsonLd(data)).not.toContain('</script>');
  });
});
