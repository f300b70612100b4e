/** Contract §5's bidding paths, for the page's server-side reads and the panel's browser calls alike. */
const seg = encodeURIComponent;

export const biddingPath = (eventLotId: string) => `/marketplace/api/event/event-lots/${seg(eventLotId)}/bidding`;

export const bidsPath = (eventLotId: string) => `/marketplace/api/event/event-lots/${seg(eventLotId)}/bids`;

export const bidHistoryPath = (eventLotId: string, pageSize: number, pageNumber = 1) =>
  `${bidsPath(eventLotId)}?pageSize=${pageSize}&pageNumber=${pageNumber}`;

export const registrationPath = (userId: string, eventId: string) =>
  `/marketplace-api/users/${seg(userId)}/registered-auctions/${seg(eventId)}`;

export const paymentMethodsPath = (userId: string) => `/marketplace-api/users/${seg(userId)}/payment-methods`;

/** My Bids; `biddingStatus` null lists every status. */
export function myBidsPath(
  userId: string,
  query: { biddingStatus: string | null; pageSize: number; pageNumber: number },
) {
  const params = new URLSearchParams({ pageSize: String(query.pageSize), pageNumber: String(query.pageNumber) });
  if (query.biddingStatus) params.set('biddingStatus', query.biddingStatus);
  return `/marketplace-api/users/${seg(userId)}/bids?${params}`;
}
