import { canReviewTaxExemptions, marketplaceCommissionResponse } from '@lotline/contracts';
import { commissionRateLabel } from '@lotline/domain';
import type { Metadata } from 'next';
import Link from 'next/link';
import { notFound, redirect } from 'next/navigation';
import page from '../../../components/forms/auth-page.module.css';
import { FormMessages } from '../../../components/forms/form-messages';
import { callApi } from '../../../lib/auth/api-call.server';
import { getCurrentUser } from '../../../lib/auth/current-user.server';
import { signInHref } from '../../../lib/routes';
import { STAFF_COMMISSION_PATH } from '../../../lib/staff/commission';
import { STAFF_COMPANIES_PATH } from '../../../lib/staff/companies';
import { MarketplaceCommissionForm } from './commission-form';

export const metadata: Metadata = { title: 'Commission' };

/**
 * Staff only (decision 0078): the marketplace's default commission, which an event is published with when its
 * company has no override of its own. Others get the 404 page.
 */
export default async function StaffCommissionPage() {
  const user = await getCurrentUser();
  if (!user) redirect(signInHref(STAFF_COMMISSION_PATH));
  if (!canReviewTaxExemptions(user.roles)) notFound();
  const answer = await callApi<unknown>('GET', '/marketplace-api/staff/commission');
  const parsed = answer.ok ? marketplaceCommissionResponse.safeParse(answer.data) : null;
  const commission = parsed?.success ? parsed.data.commission : null;
  return (
    <div className={page.page}>
      <h1 className={page.title}>Commission</h1>
      <p>
        The marketplace charges sellers a commission on the hammer or price of each sale (never on the buyer&apos;s
        premium, the tax or the fees buyers pay). A company may have its own rate, set on the{' '}
        <Link href={STAFF_COMPANIES_PATH}>companies page</Link>; the others pay this default. Each event keeps the rate
        in force when it was published, so a change here applies to events published from now on.
      </p>
      {commission ? (
        <>
          <p data-testid="commission-in-force">
            In force: {commissionRateLabel(commission.commissionBps)} ({commission.commissionBps} basis points)
            {commission.stored ? '' : ', the built-in default: staff have not set one yet'}.
          </p>
          <MarketplaceCommissionForm commissionBps={commission.commissionBps} />
        </>
      ) : (
        <FormMessages error={answer.error?.message ?? 'The commission could not be loaded.'} />
      )}
    </div>
  );
}
