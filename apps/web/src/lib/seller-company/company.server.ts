import 'server-only';
import {
  type CompanyLocation,
  type CompanyMembersResponse,
  type CompanyProfile,
  companyLocationsResponse,
  companyMembersResponse,
  companyProfile,
  type SellerCompanySummary,
  sellerCompaniesResponse,
} from '@lotline/contracts';
import { callApi } from '../auth/api-call.server';
import { companyLocationsPath, companyApiPath as companyPath } from './paths';

export type CompanyPageData =
  | { kind: 'not-seller' }
  | { kind: 'failed' }
  | {
      kind: 'ok';
      companies: SellerCompanySummary[];
      company: SellerCompanySummary;
      profile: CompanyProfile;
      team: CompanyMembersResponse;
      locations: CompanyLocation[];
    };

/** The console's company page: the user's companies, and the chosen one's profile, members, invitations and locations. */
export async function loadCompanyPage(wanted: string | undefined): Promise<CompanyPageData> {
  const listed = await callApi<unknown>('GET', '/marketplace-api/seller/companies');
  if (listed.status === 403) return { kind: 'not-seller' };
  const parsed = sellerCompaniesResponse.safeParse(listed.data);
  if (!listed.ok || !parsed.success) return { kind: 'failed' };
  const { companies } = parsed.data;
  const company = companies.find((c) => c._id === wanted) ?? companies[0];
  if (!company) return { kind: 'not-seller' };
  const [profile, members, locations] = await Promise.all([
    callApi<unknown>('GET', companyPath(company._id)),
    callApi<unknown>('GET', `${companyPath(company._id)}/members`),
    callApi<unknown>('GET', companyLocationsPath(company._id)),
  ]);
  const profileParsed = companyProfile.safeParse(profile.data);
  const membersParsed = companyMembersResponse.safeParse(members.data);
  const locationsParsed = companyLocationsResponse.safeParse(locations.data);
  if (!profileParsed.success || !membersParsed.success || !locationsParsed.success) return { kind: 'failed' };
  return {
    kind: 'ok',
    companies,
    company,
    profile: profileParsed.data,
    team: membersParsed.data,
    locations: locationsParsed.data.locations,
  };
}
