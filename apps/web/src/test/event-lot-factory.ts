import type { EventLotDetailSource, EventLotSource, LotResponse } from '@lotline/contracts';

/** A valid event lot for unit tests; override only what a test is about. */
export function makeEventLot(overrides: Partial<EventLotSource> = {}): EventLotSource {
  return {
    _id: 'lot_1',
    mp2Id: 'mp2_1',
    parentId: null,
    eventId: 'ev_1',
    companyId: 'co_1',
    number: '101',
    name: 'Haas VF-2 CNC Vertical Machining Center',
    productCategory: null,
    brand: null,
    type: 'AuctionLot',
    status: 'Active',
    quantity: 1,
    sequence: 1,
    createdAt: '2026-01-01T00:00:00Z',
    startAt: null,
    endedAt: '2026-12-01T00:00:00Z',
    currency: 'USD',
    currentBid: null,
    startingBid: 500000,
    buyItNowPrice: null,
    allInPrice: null,
    bestOfferEnabled: false,
    bidsCount: 0,
    managedShipping: false,
    company: { _id: 'co_1', slug: 'acme', name: 'Acme Industrial Liquidators Inc.', displayName: 'Acme Industrial' },
    event: null,
    companyLocation: null,
    dispositionLocation: null,
    geoCoordinates: null,
    centralFileLinks: [
      {
        _id: 'cf_1',
        type: 'image',
        centralFile: { s3Url: '/files/demo-photos/cnc.svg' },
        previousCentralFileLinkId: null,
      },
    ],
    paused: false,
    viewOnly: false,
    ...overrides,
  };
}

/** A valid lot detail answer (GET /marketplace/api/lots/{id}) for an event lot. */
export function makeEventLotDetail(overrides: Partial<EventLotDetailSource> = {}): LotResponse {
  const { event, ...rest } = overrides;
  const source: EventLotDetailSource = {
    ...makeEventLot(rest),
    description: '',
    event: event === undefined ? null : event,
    riggingParty: null,
    riggingCost: null,
    loadingParty: null,
    loadingCost: null,
    shippingParty: null,
    shippingOptions: [],
    shippingPackageType: null,
    shippingPackageCount: null,
    marketDemand: null,
    catalogProduct: null,
    ...rest,
  };
  return { kind: 'event-lot', lot: { _id: source._id, _source: source } };
}
