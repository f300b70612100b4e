import { randomUUID } from 'node:crypto';
import { companyInvitations, companyLocations, lotDocuments, lotPhotos, sellerImports } from '@lotline/db/schema';
import { LOT_STATUS } from '@lotline/domain';
import { sql } from 'drizzle-orm';
import type { TestApp } from '../../test/app';
import { register } from '../bidding/test-helpers';
import { offer } from '../offers/test-helpers';
import { buy, buyNowLot } from '../orders/test-helpers';
import { bidder } from '../registrations/test-helpers';
import { hashInvitationToken } from '../seller-company/invitation-token';
import { memberOf } from '../seller-company/test-helpers';
import { eventBody, houston } from '../seller-events/test-helpers';
import { lotBody } from '../seller-lots/test-helpers';

/**
 * Company A's things, for the authorisation test of every seller endpoint
 * (`seller-endpoints.authz.test.ts`): one of each kind a seller route names.
 */
export async function companyA(t: TestApp) {
  const event = await t.make.event({ buyersPremiumBps: 1000 });
  const companyId = event.companyId;
  const owner = await memberOf(t, companyId, 'owner', 'Ann Owner');
  const staff = await memberOf(t, companyId, 'staff', 'Al Staff');
  const location = await t.make.location({ eventId: event.id, taxRate: 8.25 });
  const lot = await t.make.lot({ companyId, eventId: event.id, dispositionLocationId: location.id });
  const photoId = `ph_${randomUUID()}`;
  await t.db.insert(lotPhotos).values({ id: photoId, lotId: lot.id, position: 0, url: '/files/a.png' });
  const documentId = `ldoc_${randomUUID()}`;
  await t.db.insert(lotDocuments).values({
    id: documentId,
    lotId: lot.id,
    position: 0,
    url: '/files/a.pdf',
    fileName: 'a.pdf',
    description: 'Manual',
    contentType: 'application/pdf',
    size: 10,
  });
  const token = `tok_${randomUUID()}`;
  const invitationId = `inv_${randomUUID()}`;
  await t.db.insert(companyInvitations).values({
    id: invitationId,
    companyId,
    email: 'invited-to-a@example.com',
    role: 'staff',
    tokenHash: hashInvitationToken(token),
    expiresAt: sql`now() + interval '14 days'` as unknown as Date,
  });
  const buyNow = await buyNowLot(t, { companyId, bestOfferEnabled: true, buyItNowPrice: 100_000 });
  const buyer = await bidder(t, undefined);
  const order = await buy(t, buyer.id, buyNow.id);
  const offerId = await offer(t, buyer, buyNow.id, { amount: 80_000 });
  const tenderLot = await t.make.lot({ companyId, eventId: event.id, type: 'TenderLot', status: LOT_STATUS.Ended });
  const companyLocationId = `cloc_${randomUUID()}`;
  await t.db.insert(companyLocations).values({ id: companyLocationId, companyId, ...houston, country: 'US' });
  const registrationId = `reg_${randomUUID()}`;
  await register(t, buyer.id, event.id, { id: registrationId, status: 'pending' });
  const importId = `imp_${randomUUID()}`;
  await t.db
    .insert(sellerImports)
    .values({ id: importId, companyId, eventId: event.id, userId: owner.id, rows: [], errors: [], rowsCount: 0 });
  return {
    companyId,
    eventId: event.id,
    lotId: lot.id,
    photoId,
    documentId,
    locationId: location.id,
    memberId: staff.id,
    invitationId,
    token,
    orderId: order.id,
    offerId,
    tenderLotId: tenderLot.id,
    registrationId,
    companyLocationId,
    importId,
    owner,
  };
}

export type Ids = Awaited<ReturnType<typeof companyA>>;

/**
 * How a seller route is called for company A. `list`: the route names no
 * company (it lists the caller's own): another company's user gets 200 and
 * none of A's ids, instead of 403.
 */
export interface SellerRoute {
  method: 'GET' | 'POST' | 'PUT' | 'DELETE';
  url: string;
  params?: (ids: Ids) => Record<string, string>;
  query?: (ids: Ids) => Record<string, string>;
  body?: (ids: Ids) => unknown;
  list?: true;
}

const company = (ids: Ids) => ({ companyId: ids.companyId });
const event = (ids: Ids) => ({ eventId: ids.eventId });
const lot = (ids: Ids) => ({ lotId: ids.lotId });
const order = (ids: Ids) => ({ orderId: ids.orderId });
const offerOf = (ids: Ids) => ({ offerId: ids.offerId });

/** One row per seller route; a route the app has and this table lacks fails the test. */
export const SELLER_ROUTES: SellerRoute[] = [
  // Companies, members, invitations (decision 0048) and locations (0054).
  { method: 'GET', url: '/marketplace-api/seller/companies', list: true },
  { method: 'GET', url: '/marketplace-api/seller/companies/:companyId', params: company },
  {
    method: 'PUT',
    url: '/marketplace-api/seller/companies/:companyId',
    params: company,
    body: () => ({ displayName: 'Taken', description: 'Not theirs.' }),
  },
  { method: 'GET', url: '/marketplace-api/seller/companies/:companyId/members', params: company },
  {
    method: 'POST',
    url: '/marketplace-api/seller/companies/:companyId/invitations',
    params: company,
    body: () => ({ email: 'newcomer@example.com', role: 'staff' }),
  },
  {
    method: 'PUT',
    url: '/marketplace-api/seller/companies/:companyId/members/:memberId',
    params: (ids) => ({ ...company(ids), memberId: ids.memberId }),
    body: () => ({ role: 'owner' }),
  },
  {
    method: 'DELETE',
    url: '/marketplace-api/seller/companies/:companyId/members/:memberId',
    params: (ids) => ({ ...company(ids), memberId: ids.memberId }),
  },
  {
    method: 'DELETE',
    url: '/marketplace-api/seller/companies/:companyId/invitations/:invitationId',
    params: (ids) => ({ ...company(ids), invitationId: ids.invitationId }),
  },
  { method: 'GET', url: '/marketplace-api/seller/invitations', query: (ids) => ({ token: ids.token }) },
  { method: 'POST', url: '/marketplace-api/seller/invitations/accept', body: (ids) => ({ token: ids.token }) },
  { method: 'POST', url: '/marketplace-api/seller/invitations/decline', body: (ids) => ({ token: ids.token }) },
  { method: 'GET', url: '/marketplace-api/seller/companies/:companyId/locations', params: company },
  { method: 'GET', url: '/marketplace-api/seller/companies/:companyId/payouts', params: company },
  // The payout account (decision 0090).
  { method: 'GET', url: '/marketplace-api/seller/companies/:companyId/payout-account', params: company },
  { method: 'POST', url: '/marketplace-api/seller/companies/:companyId/payout-account/onboarding', params: company },
  { method: 'POST', url: '/marketplace-api/seller/companies/:companyId/payout-account/refresh', params: company },
  {
    method: 'POST',
    url: '/marketplace-api/seller/companies/:companyId/locations',
    params: company,
    body: () => houston,
  },
  {
    method: 'PUT',
    url: '/marketplace-api/seller/companies/:companyId/locations/:locationId',
    params: (ids) => ({ ...company(ids), locationId: ids.companyLocationId }),
    body: () => houston,
  },
  {
    method: 'DELETE',
    url: '/marketplace-api/seller/companies/:companyId/locations/:locationId',
    params: (ids) => ({ ...company(ids), locationId: ids.companyLocationId }),
  },
  // Events (decision 0049).
  { method: 'GET', url: '/marketplace-api/seller/events', list: true },
  { method: 'POST', url: '/marketplace-api/seller/events', body: (ids) => ({ ...company(ids), ...eventBody() }) },
  { method: 'GET', url: '/marketplace-api/seller/events/:eventId', params: event },
  { method: 'PUT', url: '/marketplace-api/seller/events/:eventId', params: event, body: () => eventBody() },
  { method: 'POST', url: '/marketplace-api/seller/events/:eventId/locations', params: event, body: () => houston },
  {
    method: 'DELETE',
    url: '/marketplace-api/seller/events/:eventId/locations/:locationId',
    params: (ids) => ({ ...event(ids), locationId: ids.locationId }),
  },
  {
    method: 'POST',
    url: '/marketplace-api/seller/events/:eventId/publish',
    params: event,
    body: () => ({ as: 'published' }),
  },
  { method: 'POST', url: '/marketplace-api/seller/events/:eventId/finalize', params: event },
  // Lots and photos (decision 0050).
  { method: 'GET', url: '/marketplace-api/seller/events/:eventId/lots', params: event },
  { method: 'POST', url: '/marketplace-api/seller/events/:eventId/lots', params: event, body: () => lotBody() },
  {
    method: 'PUT',
    url: '/marketplace-api/seller/events/:eventId/lots/order',
    params: event,
    body: (ids) => ({ lotIds: [ids.tenderLotId, ids.lotId] }),
  },
  { method: 'GET', url: '/marketplace-api/seller/lots/:lotId', params: lot },
  { method: 'PUT', url: '/marketplace-api/seller/lots/:lotId', params: lot, body: () => lotBody() },
  { method: 'DELETE', url: '/marketplace-api/seller/lots/:lotId', params: lot },
  { method: 'POST', url: '/marketplace-api/seller/lots/:lotId/copy', params: lot },
  {
    method: 'POST',
    url: '/marketplace-api/seller/lots/:lotId/photos',
    params: lot,
    body: () => ({ uploadId: 'x.png' }),
  },
  {
    method: 'PUT',
    url: '/marketplace-api/seller/lots/:lotId/photos/order',
    params: lot,
    body: (ids) => ({ photoIds: [ids.photoId] }),
  },
  {
    method: 'DELETE',
    url: '/marketplace-api/seller/lots/:lotId/photos/:photoId',
    params: (ids) => ({ ...lot(ids), photoId: ids.photoId }),
  },
  // A lot's documents (decision 0056).
  {
    method: 'POST',
    url: '/marketplace-api/seller/lots/:lotId/documents',
    params: lot,
    body: () => ({ uploadId: 'x.pdf', description: 'Manual' }),
  },
  {
    method: 'PUT',
    url: '/marketplace-api/seller/lots/:lotId/documents/order',
    params: lot,
    body: (ids) => ({ documentIds: [ids.documentId] }),
  },
  {
    method: 'PUT',
    url: '/marketplace-api/seller/lots/:lotId/documents/:documentId',
    params: (ids) => ({ ...lot(ids), documentId: ids.documentId }),
    body: () => ({ description: 'Changed' }),
  },
  {
    method: 'DELETE',
    url: '/marketplace-api/seller/lots/:lotId/documents/:documentId',
    params: (ids) => ({ ...lot(ids), documentId: ids.documentId }),
  },
  // Bulk import and export (decision 0051).
  { method: 'GET', url: '/marketplace-api/seller/import/columns', list: true },
  { method: 'GET', url: '/marketplace-api/seller/events/:eventId/lots/template.csv', params: event },
  { method: 'GET', url: '/marketplace-api/seller/events/:eventId/lots/template.xlsx', params: event },
  { method: 'GET', url: '/marketplace-api/seller/events/:eventId/lots.csv', params: event },
  { method: 'POST', url: '/marketplace-api/seller/events/:eventId/imports', params: event },
  { method: 'GET', url: '/marketplace-api/seller/imports/:importId', params: (ids) => ({ importId: ids.importId }) },
  {
    method: 'POST',
    url: '/marketplace-api/seller/imports/:importId/commit',
    params: (ids) => ({ importId: ids.importId }),
  },
  // Running the event (decision 0052) and its results (0053).
  { method: 'GET', url: '/marketplace-api/seller/events/:eventId/registrations', params: event },
  {
    method: 'POST',
    url: '/marketplace-api/seller/events/:eventId/registrations/:registrationId/decision',
    params: (ids) => ({ ...event(ids), registrationId: ids.registrationId }),
    body: () => ({ decision: 'approve' }),
  },
  {
    method: 'PUT',
    url: '/marketplace-api/seller/events/:eventId/registrations/:registrationId/bid-limit',
    params: (ids) => ({ ...event(ids), registrationId: ids.registrationId }),
    body: () => ({ bidLimit: 100_000 }),
  },
  { method: 'GET', url: '/marketplace-api/seller/events/:eventId/bids', params: event },
  { method: 'GET', url: '/marketplace-api/seller/events/:eventId/live', params: event },
  { method: 'GET', url: '/marketplace-api/seller/events/:eventId/results', params: event },
  { method: 'GET', url: '/marketplace-api/seller/events/:eventId/results.csv', params: event },
  { method: 'GET', url: '/marketplace-api/seller/events/:eventId/settlement.pdf', params: event },
  // Orders (decision 0043), reserve-not-met (0044), offers (0046), tenders (0047), messages (0016).
  { method: 'GET', url: '/marketplace-api/seller/orders', list: true },
  { method: 'GET', url: '/marketplace-api/seller/orders/:orderId', params: order },
  { method: 'GET', url: '/marketplace-api/seller/orders/:orderId/invoice.pdf', params: order },
  { method: 'POST', url: '/marketplace-api/seller/orders/:orderId/approve', params: order },
  {
    method: 'POST',
    url: '/marketplace-api/seller/orders/:orderId/reject',
    params: order,
    body: () => ({ reason: 'No.' }),
  },
  {
    method: 'POST',
    url: '/marketplace-api/seller/orders/:orderId/fulfilment',
    params: order,
    body: () => ({ fulfilment: 'shipped' }),
  },
  // Unpaid orders (decision 0061) and refunds with their credit notes (0062).
  {
    method: 'POST',
    url: '/marketplace-api/seller/orders/:orderId/cancel',
    params: order,
    body: () => ({ reason: 'No.' }),
  },
  {
    method: 'POST',
    url: '/marketplace-api/seller/orders/:orderId/refunds',
    params: order,
    body: () => ({ amount: 100, reason: 'No.' }),
  },
  {
    method: 'GET',
    url: '/marketplace-api/seller/orders/:orderId/credit-notes/:refundId.pdf',
    params: (ids) => ({ ...order(ids), refundId: 'rf_unknown' }),
  },
  { method: 'GET', url: '/marketplace-api/seller/reserve-not-met', list: true },
  {
    method: 'POST',
    url: '/marketplace-api/seller/lots/:eventLotId/accept-reserve',
    params: (ids) => ({ eventLotId: ids.lotId }),
  },
  { method: 'GET', url: '/marketplace-api/seller/tenders', list: true },
  {
    method: 'POST',
    url: '/marketplace-api/seller/lots/:eventLotId/award',
    params: (ids) => ({ eventLotId: ids.tenderLotId }),
    body: () => ({ tenderId: null }),
  },
  { method: 'GET', url: '/marketplace-api/seller/offers', list: true },
  { method: 'POST', url: '/marketplace-api/seller/offers/:offerId/accept', params: offerOf },
  { method: 'POST', url: '/marketplace-api/seller/offers/:offerId/decline', params: offerOf },
  {
    method: 'POST',
    url: '/marketplace-api/seller/offers/:offerId/counter',
    params: offerOf,
    body: () => ({ amount: 90_000 }),
  },
  { method: 'GET', url: '/marketplace-api/seller/conversations', list: true },
];
