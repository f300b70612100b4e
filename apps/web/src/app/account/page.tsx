import { activationResponse, canReviewTaxExemptions } from '@lotline/contracts';
import type { Metadata } from 'next';
import { redirect } from 'next/navigation';
import page from '../../components/forms/auth-page.module.css';
import { FormMessages } from '../../components/forms/form-messages';
import { callApi } from '../../lib/auth/api-call.server';
import { getCurrentUser } from '../../lib/auth/current-user.server';
import {
  ACCOUNT_PATH,
  ORDERS_PATHS,
  SELL_APPLY_PATH,
  SELLER_PATH,
  STAFF_FEATURE_FLAGS_PATH,
  STAFF_TAX_EXEMPTIONS_PATH,
  STAFF_WIRE_ACCOUNTS_PATH,
  signInRedirectHref,
} from '../../lib/routes';
import { displayZone } from '../../lib/time/format';
import { ChangeEmailForm, ChangePasswordForm, ResendActivationForm } from './account-forms';
import { AddressesSection } from './addresses-section';
import { BidderTermsSection } from './bidder-terms-section';
import { PaymentMethodsSection } from './payment-methods-section';
import { PreferencesSection, preferencesOf } from './preferences-section';
import { TaxExemptionSection } from './tax-exemption-section';
import { VerificationSection } from './verification-section';

export const metadata: Metadata = { title: 'Your account' };

export default async function AccountPage({ searchParams }: { searchParams: Promise<{ welcome?: string }> }) {
  const user = await getCurrentUser();
  if (!user) redirect(signInRedirectHref(ACCOUNT_PATH));
  const { welcome } = await searchParams;
  const base = `/marketplace-api/users/${encodeURIComponent(user.id)}`;
  const [answer, vars] = await Promise.all([
    callApi<unknown>('GET', `${base}/activation`),
    callApi<unknown>('GET', `${base}/vars`),
  ]);
  const preferences = preferencesOf(vars.data);
  const activation = activationResponse.safeParse(answer.data);
  const activated = activation.success && activation.data.completed;

  return (
    <div className={`${page.page} ${page.wide}`}>
      <h1 className={page.title}>Your account</h1>
      {welcome === '1' ? (
        <FormMessages success={`Welcome, ${user.name}! We sent an activation link to ${user.email}.`} />
      ) : null}
      <section className={page.card} aria-labelledby="profile-title">
        <h2 id="profile-title" className={page.cardTitle}>
          Profile
        </h2>
        <dl className={page.facts}>
          <dt>Name</dt>
          <dd>{user.name}</dd>
          <dt>E-mail</dt>
          <dd>{user.email}</dd>
          <dt>Activation</dt>
          <dd>{activated ? 'Activated' : 'Not activated yet: follow the link we e-mailed you'}</dd>
          <dt>Verification</dt>
          <dd>{user.verified ? 'Verified bidder' : 'Not verified yet'}</dd>
        </dl>
        {activation.success && !activated ? <ResendActivationForm /> : null}
      </section>
      <nav className={page.card} aria-label="Your activity">
        <ul className={page.links}>
          <li>
            <a href={ORDERS_PATHS.buyer}>Orders</a>
          </li>
          {user.roles.includes('seller') ? (
            <li>
              <a href={SELLER_PATH}>Seller console</a>
            </li>
          ) : null}
          <li>
            <a href={SELL_APPLY_PATH}>Apply to sell</a>
          </li>
        </ul>
      </nav>
      <VerificationSection userId={user.id} />
      <AddressesSection userId={user.id} />
      <PaymentMethodsSection userId={user.id} />
      <BidderTermsSection userId={user.id} />
      <PreferencesSection preferences={preferences} />
      {preferences.persona === 'Reseller' ? (
        <TaxExemptionSection userId={user.id} timeZone={displayZone(preferences.timezone)} />
      ) : null}
      {canReviewTaxExemptions(user.roles) ? (
        <section className={page.card} aria-labelledby="staff-title">
          <h2 id="staff-title" className={page.cardTitle}>
            Staff
          </h2>
          <ul className={page.links}>
            <li>
              <a href={STAFF_TAX_EXEMPTIONS_PATH}>Review tax exemptions</a>
            </li>
            <li>
              <a href={STAFF_FEATURE_FLAGS_PATH}>Feature flags</a>
            </li>
            <li>
              <a href={STAFF_WIRE_ACCOUNTS_PATH}>Wire transfer instructions</a>
            </li>
          </ul>
        </section>
      ) : null}
      <section className={page.card} aria-labelledby="email-title">
        <h2 id="email-title" className={page.cardTitle}>
          Change e-mail address
        </h2>
        <ChangeEmailForm />
      </section>
      <section className={page.card} aria-labelledby="password-title">
        <h2 id="password-title" className={page.cardTitle}>
          Change password
        </h2>
        <ChangePasswordForm />
      </section>
    </div>
  );
}
