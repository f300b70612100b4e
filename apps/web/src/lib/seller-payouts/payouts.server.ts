import 'server-only';
import {
  type Payout,
  type SellerCompanySummary,
  type SellerPayoutAccountResponse,
  sellerCompaniesResponse,
  sellerPayoutAccountResponse,
  sellerPayoutsResponse,
} from '@lotline/contracts';
import { callApi } from '../auth/api-call.server';
import { companyApiPath } from '../seller-company/paths';
import { payoutAccountApiPath } from './payout-account';

export type PayoutsPageData =
  | { kind: 'not-seller' }
  | { kind: 'failed' }
  | {
      kind: 'ok';
      companies: SellerCompanySummary[];
      company: SellerCompanySummary;
      payouts: Payout[];
      account: SellerPayoutAccountResponse;
    };

/**
 * The console's payouts page (decision 0090): the user's companies, and the chosen one's payouts and payout
 * account. `back`: the provider sent the browser back from its onboarding, so the account's state is asked anew
 * first (owners only; the API refuses the others and the page shows what is stored).
 */
export async function loadPayoutsPage(
  wanted: string | undefined,
  back: boolean,
): Promise<PayoutsPageData & { refreshError?: string }> {
  const listed = await callApi<unknown>('GET', '/marketplace-api/seller/companies');
  if (listed.status === 403) return { kind: 'not-seller' };
  const parsed = sellerCompaniesResponse.safeParse(listed.data);
  if (!listed.ok || !parsed.success) return { kind: 'failed' };
  const { companies } = parsed.data;
  const company = companies.find((c) => c._id === wanted) ?? companies[0];
  if (!company) return { kind: 'not-seller' };
  const refreshed = back ? await callApi<unknown>('POST', `${payoutAccountApiPath(company._id)}/refresh`) : null;
  const [payouts, account] = await Promise.all([
    callApi<unknown>('GET', `${companyApiPath(company._id)}/payouts`),
    callApi<unknown>('GET', payoutAccountApiPath(company._id)),
  ]);
  const payoutsParsed = sellerPayoutsResponse.safeParse(payouts.data);
  const accountParsed = sellerPayoutAccountResponse.safeParse(account.data);
  if (!payoutsParsed.success || !accountParsed.success) return { kind: 'failed' };
  return {
    kind: 'ok',
    companies,
    company,
    payouts: payoutsParsed.data.payouts,
    account: accountParsed.data,
    // 403: not an owner, or the API refused a change on a navigation from the provider's site (the page's
    // "Check the account now" button does it then); anything else is worth saying.
    ...(refreshed && !refreshed.ok && refreshed.status !== 403
      ? { refreshError: refreshed.error?.message ?? 'The account could not be checked.' }
      : {}),
  };
}
