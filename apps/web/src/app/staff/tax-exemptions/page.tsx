import {
  canReviewTaxExemptions,
  DEFAULT_EXEMPTION_MONTHS,
  type ReviewedTaxExemption,
  reviewListResponse,
  TAX_EXEMPTION_STATUSES,
  type TaxExemptionStatus,
} from '@lotline/contracts';
import type { Metadata } from 'next';
import { notFound, redirect } from 'next/navigation';
import page from '../../../components/forms/auth-page.module.css';
import { FormMessages } from '../../../components/forms/form-messages';
import { callApi } from '../../../lib/auth/api-call.server';
import { getCurrentUser } from '../../../lib/auth/current-user.server';
import { STAFF_TAX_EXEMPTIONS_PATH, signInRedirectHref } from '../../../lib/routes';
import { formatDay } from '../../../lib/time/format';
import styles from '../../account/addresses.module.css';
import { EXEMPTION_STATUS_LABELS, regionName } from '../../account/tax-exemption-section';
import nav from './review.module.css';
import { ApproveForm, RevokeForm } from './review-forms';

export const metadata: Metadata = { title: 'Tax exemptions to review' };

/** Staff only: the tax exemption certificates by status, to approve or revoke. Others get the 404 page. */
export default async function TaxExemptionReviewPage({ searchParams }: { searchParams: Promise<{ status?: string }> }) {
  const user = await getCurrentUser();
  if (!user) redirect(signInRedirectHref(STAFF_TAX_EXEMPTIONS_PATH));
  if (!canReviewTaxExemptions(user.roles)) notFound();
  const requested = (await searchParams).status;
  const status: TaxExemptionStatus = TAX_EXEMPTION_STATUSES.find((s) => s === requested) ?? 'in-review';
  const answer = await callApi<unknown>('GET', `/ars/api/v2/identity/tax-exemptions/review?status=${status}`);
  const parsed = reviewListResponse.safeParse(answer.data);
  const exemptions = parsed.success ? parsed.data.taxExemptions : [];
  const expiry = new Date();
  expiry.setUTCMonth(expiry.getUTCMonth() + DEFAULT_EXEMPTION_MONTHS);
  const defaultExpiry = expiry.toISOString().slice(0, 10);

  return (
    <div className={`${page.page} ${page.wide}`}>
      <h1 className={page.title}>Tax exemptions</h1>
      <nav aria-label="Filter by status" className={nav.filters}>
        {TAX_EXEMPTION_STATUSES.map((s) => (
          <a
            key={s}
            href={`${STAFF_TAX_EXEMPTIONS_PATH}?status=${s}`}
            aria-current={s === status ? 'page' : undefined}
            className={nav.filter}
          >
            {EXEMPTION_STATUS_LABELS[s]}
          </a>
        ))}
      </nav>
      <section className={page.card} aria-labelledby="review-title">
        <h2 id="review-title" className={page.cardTitle}>
          {EXEMPTION_STATUS_LABELS[status]} ({exemptions.length})
        </h2>
        {!answer.ok || !parsed.success ? (
          <FormMessages error={answer.error?.message ?? 'The exemptions could not be loaded. Reload the page.'} />
        ) : null}
        {parsed.success && exemptions.length === 0 ? <p>No exemptions with this status.</p> : null}
        {exemptions.length > 0 ? (
          <ul className={styles.list} aria-label={`${EXEMPTION_STATUS_LABELS[status]} exemptions`}>
            {exemptions.map((e) => (
              <ReviewItem key={e._id} exemption={e} defaultExpiry={defaultExpiry} />
            ))}
          </ul>
        ) : null}
      </section>
    </div>
  );
}

function ReviewItem({ exemption: e, defaultExpiry }: { exemption: ReviewedTaxExemption; defaultExpiry: string }) {
  const region = regionName(e.region);
  return (
    <li className={styles.item} aria-label={`${e.user.name} (${e.user.email}), ${region}`}>
      <dl className={page.facts}>
        <dt>User</dt>
        <dd>
          {e.user.name} ({e.user.email})
        </dd>
        <dt>Region</dt>
        <dd>{region}</dd>
        <dt>Status</dt>
        <dd>{EXEMPTION_STATUS_LABELS[e.status]}</dd>
        <dt>Sent</dt>
        <dd>{formatDay(e.createdAt, 'UTC')}</dd>
        {e.expiresAt ? (
          <>
            <dt>Expires</dt>
            <dd>{formatDay(e.expiresAt, 'UTC')}</dd>
          </>
        ) : null}
        {e.reviewedBy ? (
          <>
            <dt>Reviewed by</dt>
            <dd>
              {e.reviewedBy}
              {e.reviewedAt ? `, ${formatDay(e.reviewedAt, 'UTC')}` : ''}
            </dd>
          </>
        ) : null}
        {e.reviewNote ? (
          <>
            <dt>Note</dt>
            <dd>{e.reviewNote}</dd>
          </>
        ) : null}
      </dl>
      <a href={e.fileUrl} target="_blank" rel="noopener">
        Open the certificate<span className="visually-hidden"> of {e.user.email}</span>
      </a>
      {e.status === 'in-review' ? <ApproveForm exemptionId={e._id} defaultExpiry={defaultExpiry} /> : null}
      {e.status === 'in-review' || e.status === 'active' ? <RevokeForm exemptionId={e._id} /> : null}
    </li>
  );
}
