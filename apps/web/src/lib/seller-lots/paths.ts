/** The seller console's lot pages (issue 16; decision 0050). */
export const sellerEventLotsPath = (eventId: string) => `/seller/events/${encodeURIComponent(eventId)}/lots`;
export const sellerNewLotPath = (eventId: string) => `${sellerEventLotsPath(eventId)}/new`;
export const sellerLotPath = (lotId: string) => `/seller/lots/${encodeURIComponent(lotId)}`;
export const sellerImportPath = (eventId: string) => `/seller/events/${encodeURIComponent(eventId)}/import`;
/** API addresses the browser opens itself (the web origin forwards them with the session cookie). */
export const lotsTemplateCsvPath = (eventId: string) =>
  `/marketplace-api/seller/events/${encodeURIComponent(eventId)}/lots/template.csv`;
export const lotsTemplateXlsxPath = (eventId: string) =>
  `/marketplace-api/seller/events/${encodeURIComponent(eventId)}/lots/template.xlsx`;
export const lotsExportCsvPath = (eventId: string) =>
  `/marketplace-api/seller/events/${encodeURIComponent(eventId)}/lots.csv`;
