import {
  COMPANY_STATUSES,
  type CompanyStatus,
  canReviewTaxExemptions,
  STAFF_COMPANIES_PAGE_SIZE,
  staffCompaniesResponse,
} from '@lotline/contracts';
import type { Metadata } from 'next';
import Link from 'next/link';
import { notFound, redirect } from 'next/navigation';
import page from '../../../components/forms/auth-page.module.css';
import { FormMessages } from '../../../components/forms/form-messages';
import forms from '../../../components/forms/forms.module.css';
import view from '../../../components/order-view/order-view.module.css';
import { callApi } from '../../../lib/auth/api-call.server';
import { getCurrentUser } from '../../../lib/auth/current-user.server';
import { signInHref } from '../../../lib/routes';
import { payoutAccountLabel } from '../../../lib/seller-payouts/payout-account';
import { STAFF_COMPANIES_PATH } from '../../../lib/staff/companies';
import { CommissionForm, StatusButton } from './company-controls';
import { CreateCompanyForm } from './create-company-form';

export const metadata: Metadata = { title: 'Companies' };

type Filters = { q: string; status: CompanyStatus | '' };

const companiesHref = ({ q, status }: Filters, pageNumber: number) => {
  const params = new URLSearchParams();
  if (q) params.set('q', q);
  if (status) params.set('status', status);
  if (pageNumber > 1) params.set('pageNumber', String(pageNumber));
  const qs = params.toString();
  return qs ? `${STAFF_COMPANIES_PATH}?${qs}` : STAFF_COMPANIES_PATH;
};

const one = (value: string | string[] | undefined) => (typeof value === 'string' ? value : '');

/**
 * Staff only (decisions 0074 and 0076): the seller companies, suspend or reactivate each, its commission, its payout
 * account (decision 0090), and a new company with its owner invited. Others get the 404 page.
 */
export default async function StaffCompaniesPage({
  searchParams,
}: {
  searchParams: Promise<{ q?: string | string[]; status?: string | string[]; pageNumber?: string | string[] }>;
}) {
  const user = await getCurrentUser();
  if (!user) redirect(signInHref(STAFF_COMPANIES_PATH));
  if (!canReviewTaxExemptions(user.roles)) notFound();
  const params = await searchParams;
  const statusParam = one(params.status);
  const filters: Filters = {
    q: one(params.q).trim().slice(0, 200),
    status: (COMPANY_STATUSES as readonly string[]).includes(statusParam) ? (statusParam as CompanyStatus) : '',
  };
  const requested = Number.parseInt(one(params.pageNumber) || '1', 10);
  const pageNumber = Number.isInteger(requested) && requested >= 1 && requested <= 10_000 ? requested : 1;
  const query = new URLSearchParams({ pageSize: String(STAFF_COMPANIES_PAGE_SIZE), pageNumber: String(pageNumber) });
  if (filters.q) query.set('q', filters.q);
  if (filters.status) query.set('status', filters.status);
  const answer = await callApi<unknown>('GET', `/marketplace-api/staff/companies?${query}`);
  const parsed = answer.ok ? staffCompaniesResponse.safeParse(answer.data) : null;
  const found = parsed?.success ? parsed.data : null;
  return (
    <div className={`${page.page} ${page.wide}`}>
      <h1 className={page.title}>Companies</h1>
      <form method="get" action={STAFF_COMPANIES_PATH} className={forms.form} aria-label="Find companies">
        <div className={forms.field}>
          <label htmlFor="companies-q" className={forms.label}>
            Name or slug
          </label>
          <input
            id="companies-q"
            name="q"
            type="search"
            className={forms.input}
            defaultValue={filters.q}
            maxLength={200}
          />
        </div>
        <div className={forms.field}>
          <label htmlFor="companies-status" className={forms.label}>
            Status
          </label>
          <select id="companies-status" name="status" className={forms.input} defaultValue={filters.status}>
            <option value="">Any</option>
            <option value="active">Active</option>
            <option value="suspended">Suspended</option>
          </select>
        </div>
        <button type="submit" className="button">
          Search
        </button>
      </form>
      {!found ? <FormMessages error={answer.error?.message ?? 'The companies could not be loaded.'} /> : null}
      {found && found.companies.length === 0 ? <p>No company matches.</p> : null}
      {found && found.companies.length > 0 ? (
        <table className={view.table}>
          <caption className="visually-hidden">Companies</caption>
          <thead>
            <tr>
              <th scope="col">Company</th>
              <th scope="col">Slug</th>
              <th scope="col">Status</th>
              <th scope="col">Commission (basis points; empty: the default)</th>
              <th scope="col">Payout account</th>
              <th scope="col">Suspension</th>
            </tr>
          </thead>
          <tbody>
            {found.companies.map((c) => (
              <tr key={c._id}>
                <th scope="row">{c.name}</th>
                <td>
                  <code>{c.slug}</code>
                </td>
                <td>{c.status === 'suspended' ? 'Suspended' : 'Active'}</td>
                <td>
                  <CommissionForm companyId={c._id} name={c.name} commissionBps={c.commissionBps} />
                </td>
                <td>{payoutAccountLabel(c.payoutAccount)}</td>
                <td>
                  <StatusButton companyId={c._id} name={c.name} suspended={c.status === 'suspended'} />
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      ) : null}
      {found && found.pagination.totalPages > 1 ? (
        <nav aria-label="Pages of companies" className={page.links}>
          {pageNumber > 1 ? <Link href={companiesHref(filters, pageNumber - 1)}>Previous page</Link> : null}
          <span>
            Page {pageNumber} of {found.pagination.totalPages}
          </span>
          {pageNumber < found.pagination.totalPages ? (
            <Link href={companiesHref(filters, pageNumber + 1)}>Next page</Link>
          ) : null}
        </nav>
      ) : null}
      <CreateCompanyForm />
    </div>
  );
}
