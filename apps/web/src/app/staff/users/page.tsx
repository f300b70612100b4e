import { canReviewTaxExemptions, STAFF_USERS_PAGE_SIZE, staffUsersResponse } from '@lotline/contracts';
import type { Metadata } from 'next';
import Link from 'next/link';
import { notFound, redirect } from 'next/navigation';
import page from '../../../components/forms/auth-page.module.css';
import { FormMessages } from '../../../components/forms/form-messages';
import forms from '../../../components/forms/forms.module.css';
import view from '../../../components/order-view/order-view.module.css';
import { callApi } from '../../../lib/auth/api-call.server';
import { getCurrentUser } from '../../../lib/auth/current-user.server';
import { STAFF_USERS_PATH, signInHref, staffUserPath } from '../../../lib/routes';

export const metadata: Metadata = { title: 'Users' };

const usersHref = (q: string, pageNumber: number) => {
  const params = new URLSearchParams();
  if (q) params.set('q', q);
  if (pageNumber > 1) params.set('pageNumber', String(pageNumber));
  const qs = params.toString();
  return qs ? `${STAFF_USERS_PATH}?${qs}` : STAFF_USERS_PATH;
};

/** Staff only (decision 0075): search users by part of an e-mail or name; a row opens the user. Others get the 404 page. */
export default async function StaffUsersPage({
  searchParams,
}: {
  searchParams: Promise<{ q?: string | string[]; pageNumber?: string | string[] }>;
}) {
  const user = await getCurrentUser();
  if (!user) redirect(signInHref(STAFF_USERS_PATH));
  if (!canReviewTaxExemptions(user.roles)) notFound();
  const params = await searchParams;
  const q = typeof params.q === 'string' ? params.q.trim().slice(0, 200) : '';
  const requested = typeof params.pageNumber === 'string' ? Number.parseInt(params.pageNumber, 10) : 1;
  const pageNumber = Number.isInteger(requested) && requested >= 1 && requested <= 10_000 ? requested : 1;
  const query = new URLSearchParams({ pageSize: String(STAFF_USERS_PAGE_SIZE), pageNumber: String(pageNumber) });
  if (q) query.set('q', q);
  const answer = await callApi<unknown>('GET', `/marketplace-api/staff/users?${query}`);
  const parsed = answer.ok ? staffUsersResponse.safeParse(answer.data) : null;
  const found = parsed?.success ? parsed.data : null;
  return (
    <div className={`${page.page} ${page.wide}`}>
      <h1 className={page.title}>Users</h1>
      <form method="get" action={STAFF_USERS_PATH} className={forms.form}>
        <div className={forms.field}>
          <label htmlFor="users-q" className={forms.label}>
            E-mail or name
          </label>
          <input id="users-q" name="q" type="search" className={forms.input} defaultValue={q} maxLength={200} />
        </div>
        <button type="submit" className="button">
          Search
        </button>
      </form>
      {!found ? <FormMessages error={answer.error?.message ?? 'The users could not be loaded.'} /> : null}
      {found && found.users.length === 0 ? <p>No user matches.</p> : null}
      {found && found.users.length > 0 ? (
        <table className={view.table}>
          <caption className="visually-hidden">Users</caption>
          <thead>
            <tr>
              <th scope="col">E-mail</th>
              <th scope="col">Name</th>
              <th scope="col">Roles</th>
              <th scope="col">Verified</th>
              <th scope="col">Disabled</th>
            </tr>
          </thead>
          <tbody>
            {found.users.map((u) => (
              <tr key={u.id}>
                <th scope="row">
                  <Link href={staffUserPath(u.id)}>{u.email}</Link>
                </th>
                <td>{u.name}</td>
                <td>{u.roles.length > 0 ? u.roles.join(', ') : 'None'}</td>
                <td>{u.verified ? 'Yes' : 'No'}</td>
                <td>{u.disabled ? 'Disabled' : 'No'}</td>
              </tr>
            ))}
          </tbody>
        </table>
      ) : null}
      {found && found.pagination.totalPages > 1 ? (
        <nav aria-label="Pages of users" className={page.links}>
          {pageNumber > 1 ? <Link href={usersHref(q, pageNumber - 1)}>Previous page</Link> : null}
          <span>
            Page {pageNumber} of {found.pagination.totalPages}
          </span>
          {pageNumber < found.pagination.totalPages ? <Link href={usersHref(q, pageNumber + 1)}>Next page</Link> : null}
        </nav>
      ) : null}
    </div>
  );
}
