/** The seller console's lot pages (issue 16; decision 0050). */
export const sellerEventLotsPath = (eventId: string) => `/seller/events/${encodeURIComponent(eventId)}/lots`;
export const sellerNewLotPath = (eventId: string) => `${sellerEventLotsPath(eventId)}/new`;
export const sellerLotPath = (lotId: string) => `/seller/lots/${encodeURIComponent(lotId)}`;
