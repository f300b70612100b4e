/** The seller-company API paths the web calls. */
export const companyApiPath = (companyId: string) =>
  `/marketplace-api/seller/companies/${encodeURIComponent(companyId)}`;
export const companyLocationsPath = (companyId: string) => `${companyApiPath(companyId)}/locations`;
