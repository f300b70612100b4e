import type { Metadata } from 'next';
import { redirect } from 'next/navigation';
import page from '../../../components/forms/auth-page.module.css';
import { FormMessages } from '../../../components/forms/form-messages';
import { getCurrentUser } from '../../../lib/auth/current-user.server';
import { SELLER_COMPANY_PATH, SELLER_PATH, sellerCompanyHref, sellerHref, signInHref } from '../../../lib/routes';
import { loadCompanyPage } from '../../../lib/seller-company/company.server';
import { displayZone } from '../../../lib/time/format';
import { getUserTimeZone } from '../../../lib/time/user-zone.server';
import { LocationsSection } from './locations-section';
import { MembersSection } from './members-section';
import { ProfileForm } from './profile-form';

export const metadata: Metadata = { title: 'Company' };

/**
 * The seller console's company page (issue 16; decision 0048): the public
 * profile (owners and staff), the members and the invitations (owners manage
 * them), and the locations with their tax rate (owners and staff, decision 0054). For the users of a seller company; anyone else is told so.
 */
export default async function SellerCompanyPage({ searchParams }: { searchParams: Promise<{ company?: string }> }) {
  const user = await getCurrentUser();
  if (!user) redirect(signInHref(SELLER_COMPANY_PATH));
  const [{ company: wanted }, userZone] = await Promise.all([searchParams, getUserTimeZone()]);
  const data = await loadCompanyPage(typeof wanted === 'string' ? wanted : undefined);
  if (data.kind !== 'ok') {
    return (
      <div className={page.page}>
        <h1 className={page.title}>Company</h1>
        {data.kind === 'not-seller' ? (
          <p>Only the users of a seller company have a seller console.</p>
        ) : (
          <FormMessages error="Your company could not be loaded. Reload the page to try again." />
        )}
      </div>
    );
  }
  const { company, companies, profile, team, locations } = data;
  return (
    <div className={`${page.page} ${page.wide}`}>
      <p>
        <a href={SELLER_PATH}>Seller console</a>
      </p>
      <h1 className={page.title}>{company.displayName ?? company.name}</h1>
      <p className={page.lead}>
        You are {company.role === 'owner' ? 'an owner' : 'a staff member'} of {company.name}.{' '}
        <a href={sellerHref(company)}>Open your public seller page</a>
      </p>
      {companies.length > 1 ? (
        <nav aria-label="Your companies">
          <ul className={page.links}>
            {companies.map((c) => (
              <li key={c._id}>
                <a href={sellerCompanyHref(c._id)} aria-current={c._id === company._id ? 'page' : undefined}>
                  {c.displayName ?? c.name}
                </a>
              </li>
            ))}
          </ul>
        </nav>
      ) : null}
      <section className={page.card} aria-labelledby="profile-title">
        <h2 id="profile-title" className={page.cardTitle}>
          Public profile
        </h2>
        <ProfileForm key={company._id} companyId={company._id} profile={profile} />
      </section>
      <MembersSection
        companyId={company._id}
        owner={company.role === 'owner'}
        selfId={user.id}
        team={team}
        timeZone={displayZone(userZone)}
      />
      <LocationsSection key={`locations-${company._id}`} companyId={company._id} locations={locations} />
    </div>
  );
}
