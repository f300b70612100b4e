import 'server-only';
import { type Me, sellerCompaniesResponse } from '@lotline/contracts';
import { callApi } from '../auth/api-call.server';

/**
 * Whether the signed-in user is a member of the company that sells the lot
 * (decision 0067): the lot page then says why instead of offering actions the
 * API refuses (`403 OWN_LOT`). Read from the user's own company list; only a
 * seller user has one. Any failure reads as "no": the API still refuses.
 */
export async function viewerSellsLot(user: Me | null, companyId: string | null): Promise<boolean> {
  if (!user || companyId === null || !user.roles.includes('seller')) return false;
  const listed = await callApi<unknown>('GET', '/marketplace-api/seller/companies');
  if (!listed.ok) return false;
  const parsed = sellerCompaniesResponse.safeParse(listed.data);
  return parsed.success && parsed.data.companies.some((c) => c._id === companyId);
}
