import type { Metadata } from 'next';
import { redirect } from 'next/navigation';
import page from '../../../components/forms/auth-page.module.css';
import { getCurrentUser } from '../../../lib/auth/current-user.server';
import { ACCOUNT_PATH, SELL_APPLY_PATH, SELLER_PATH, signInHref } from '../../../lib/routes';
import { ApplyForm } from './apply-form';

export const metadata: Metadata = { title: 'Apply to sell' };

/** A signed-in user applies to sell on Lotline (decision 0074); staff review the application. */
export default async function ApplyToSellPage() {
  const user = await getCurrentUser();
  if (!user) redirect(signInHref(SELL_APPLY_PATH));
  return (
    <div className={page.page}>
      <h1 className={page.title}>Apply to sell</h1>
      <section className={page.card} aria-labelledby="apply-title">
        <h2 id="apply-title" className={page.cardTitle}>
          Your company
        </h2>
        {user.roles.includes('seller') ? (
          <p>
            You already sell on Lotline: open the <a href={SELLER_PATH}>seller console</a>. To add another company,
            apply below.
          </p>
        ) : null}
        <p>
          Tell us about the company you sell for. Staff review each application and e-mail you the answer; once
          approved, the company is created with you as its owner. Your account must be activated first (see{' '}
          <a href={ACCOUNT_PATH}>your account</a>).
        </p>
        <ApplyForm />
      </section>
    </div>
  );
}
