import {
  canReviewTaxExemptions,
  SELLER_APPLICATION_STATUSES,
  type SellerApplicationStatus,
  type StaffSellerApplication,
  staffSellerApplicationsResponse,
} from '@lotline/contracts';
import type { Metadata } from 'next';
import { notFound, redirect } from 'next/navigation';
import page from '../../../components/forms/auth-page.module.css';
import { FormMessages } from '../../../components/forms/form-messages';
import { callApi } from '../../../lib/auth/api-call.server';
import { getCurrentUser } from '../../../lib/auth/current-user.server';
import { STAFF_SELLER_APPLICATIONS_PATH, signInHref } from '../../../lib/routes';
import { formatDay } from '../../../lib/time/format';
import styles from '../../account/addresses.module.css';
import nav from '../tax-exemptions/review.module.css';
import { ApproveForm, DeclineForm } from './decision-forms';

export const metadata: Metadata = { title: 'Seller applications' };

const LABELS: Record<SellerApplicationStatus, string> = {
  pending: 'Pending',
  approved: 'Approved',
  declined: 'Declined',
};

/** Staff only: applications to sell by status; pending ones to approve or decline. Others get the 404 page. */
export default async function SellerApplicationsPage({ searchParams }: { searchParams: Promise<{ status?: string }> }) {
  const user = await getCurrentUser();
  if (!user) redirect(signInHref(STAFF_SELLER_APPLICATIONS_PATH));
  if (!canReviewTaxExemptions(user.roles)) notFound();
  const requested = (await searchParams).status;
  const status = SELLER_APPLICATION_STATUSES.find((s) => s === requested) ?? 'pending';
  const answer = await callApi<unknown>(
    'GET',
    `/marketplace-api/staff/seller-applications?status=${status}&pageSize=100`,
  );
  const parsed = staffSellerApplicationsResponse.safeParse(answer.data);
  const applications = parsed.success ? parsed.data.applications : [];
  const total = parsed.success ? parsed.data.pagination.totalItems : 0;

  return (
    <div className={`${page.page} ${page.wide}`}>
      <h1 className={page.title}>Seller applications</h1>
      <nav aria-label="Filter by status" className={nav.filters}>
        {SELLER_APPLICATION_STATUSES.map((s) => (
          <a
            key={s}
            href={`${STAFF_SELLER_APPLICATIONS_PATH}?status=${s}`}
            aria-current={s === status ? 'page' : undefined}
            className={nav.filter}
          >
            {LABELS[s]}
          </a>
        ))}
      </nav>
      <section className={page.card} aria-labelledby="applications-title">
        <h2 id="applications-title" className={page.cardTitle}>
          {LABELS[status]} ({total})
        </h2>
        {!answer.ok || !parsed.success ? (
          <FormMessages error={answer.error?.message ?? 'The applications could not be loaded. Reload the page.'} />
        ) : null}
        {parsed.success && applications.length === 0 ? <p>No applications with this status.</p> : null}
        {applications.length > 0 ? (
          <ul className={styles.list} aria-label={`${LABELS[status]} applications`}>
            {applications.map((a) => (
              <ApplicationItem key={a._id} application={a} />
            ))}
          </ul>
        ) : null}
      </section>
    </div>
  );
}

function ApplicationItem({ application: a }: { application: StaffSellerApplication }) {
  return (
    <li className={styles.item} aria-label={`${a.companyName}, from ${a.user.name} (${a.user.email})`}>
      <dl className={page.facts}>
        <dt>Company</dt>
        <dd>{a.companyName}</dd>
        <dt>Applicant</dt>
        <dd>
          {a.user.name} ({a.user.email})
        </dd>
        <dt>Location</dt>
        <dd>{a.region ? `${a.region}, ${a.country}` : a.country}</dd>
        {a.website ? (
          <>
            <dt>Website</dt>
            <dd>
              <a href={a.website} target="_blank" rel="noopener noreferrer nofollow">
                {a.website}
              </a>
            </dd>
          </>
        ) : null}
        {a.message ? (
          <>
            <dt>What they sell</dt>
            <dd>{a.message}</dd>
          </>
        ) : null}
        <dt>Sent</dt>
        <dd>{formatDay(a.createdAt, 'UTC')}</dd>
        {a.decidedAt ? (
          <>
            <dt>Decided</dt>
            <dd>{formatDay(a.decidedAt, 'UTC')}</dd>
          </>
        ) : null}
        {a.note ? (
          <>
            <dt>Reason</dt>
            <dd>{a.note}</dd>
          </>
        ) : null}
      </dl>
      {a.status === 'pending' ? (
        <>
          <ApproveForm applicationId={a._id} />
          <DeclineForm applicationId={a._id} />
        </>
      ) : null}
    </li>
  );
}
