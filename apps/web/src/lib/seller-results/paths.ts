/** The seller console's results page and its downloads (issue 16; decision 0053). */
const event = (eventId: string) => `/seller/events/${encodeURIComponent(eventId)}`;
const api = (eventId: string) => `/marketplace-api/seller/events/${encodeURIComponent(eventId)}`;

export const sellerEventResultsPath = (eventId: string, pageNumber = 1) =>
  `${event(eventId)}/results${pageNumber > 1 ? `?page=${pageNumber}` : ''}`;
/** The downloads are the API's own answers (the web server forwards the path with the session cookie). */
export const sellerResultsCsvHref = (eventId: string) => `${api(eventId)}/results.csv`;
export const sellerSettlementPdfHref = (eventId: string) => `${api(eventId)}/settlement.pdf`;
