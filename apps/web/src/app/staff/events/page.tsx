import {
  canReviewTaxExemptions,
  EVENT_STATUSES,
  STAFF_EVENTS_PAGE_SIZE,
  staffEventsResponse,
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
import { STAFF_EVENTS_PATH, staffEventPath } from '../../../lib/staff/events';
import { displayZone, formatDateTime } from '../../../lib/time/format';
import { getUserTimeZone } from '../../../lib/time/user-zone.server';

export const metadata: Metadata = { title: 'Events' };

type Filters = { q: string; status: string };

const eventsHref = ({ q, status }: Filters, pageNumber: number) => {
  const params = new URLSearchParams();
  if (q) params.set('q', q);
  if (status) params.set('status', status);
  if (pageNumber > 1) params.set('pageNumber', String(pageNumber));
  const qs = params.toString();
  return qs ? `${STAFF_EVENTS_PATH}?${qs}` : STAFF_EVENTS_PATH;
};

const one = (value: string | string[] | undefined) => (typeof value === 'string' ? value : '');

/** Staff only (decision 0081): every company's events, searched by event or company name and filtered by status. */
export default async function StaffEventsPage({
  searchParams,
}: {
  searchParams: Promise<Record<string, string | string[] | undefined>>;
}) {
  const user = await getCurrentUser();
  if (!user) redirect(signInHref(STAFF_EVENTS_PATH));
  if (!canReviewTaxExemptions(user.roles)) notFound();
  const params = await searchParams;
  const q = one(params.q).trim().slice(0, 200);
  const status = (EVENT_STATUSES as readonly string[]).includes(one(params.status)) ? one(params.status) : '';
  const requested = Number.parseInt(one(params.pageNumber) || '1', 10);
  const pageNumber = Number.isInteger(requested) && requested >= 1 && requested <= 10_000 ? requested : 1;
  const query = new URLSearchParams({ pageSize: String(STAFF_EVENTS_PAGE_SIZE), pageNumber: String(pageNumber) });
  if (q) query.set('q', q);
  if (status) query.set('status', status);
  const [answer, zone] = await Promise.all([
    callApi<unknown>('GET', `/marketplace-api/staff/events?${query}`),
    getUserTimeZone(),
  ]);
  const parsed = answer.ok ? staffEventsResponse.safeParse(answer.data) : null;
  const found = parsed?.success ? parsed.data : null;
  const filters = { q, status };
  const timeZone = displayZone(zone);
  return (
    <div className={`${page.page} ${page.wide}`}>
      <h1 className={page.title}>Events</h1>
      <form method="get" action={STAFF_EVENTS_PATH} className={forms.form}>
        <div className={forms.field}>
          <label htmlFor="events-q" className={forms.label}>
            Event or company name
          </label>
          <input id="events-q" name="q" type="search" className={forms.input} defaultValue={q} maxLength={200} />
        </div>
        <div className={forms.field}>
          <label htmlFor="events-status" className={forms.label}>
            Status
          </label>
          <select id="events-status" name="status" className={forms.input} defaultValue={status}>
            <option value="">Any status</option>
            {EVENT_STATUSES.map((s) => (
              <option key={s} value={s}>
                {s}
              </option>
            ))}
          </select>
        </div>
        <button type="submit" className="button">
          Search
        </button>
      </form>
      {!found ? <FormMessages error={answer.error?.message ?? 'The events could not be loaded.'} /> : null}
      {found && found.events.length === 0 ? <p>No event matches.</p> : null}
      {found && found.events.length > 0 ? (
        <table className={view.table}>
          <caption className="visually-hidden">Events</caption>
          <thead>
            <tr>
              <th scope="col">Event</th>
              <th scope="col">Company</th>
              <th scope="col">Status</th>
              <th scope="col">Starts</th>
              <th scope="col">Ends</th>
              <th scope="col">Lots</th>
            </tr>
          </thead>
          <tbody>
            {found.events.map((e) => (
              <tr key={e.id}>
                <th scope="row">
                  <Link href={staffEventPath(e.id)}>{e.name}</Link>
                </th>
                <td>{e.company.name}</td>
                <td>{e.status}</td>
                <td>{formatDateTime(e.startAt, timeZone)}</td>
                <td>{formatDateTime(e.endAt, timeZone)}</td>
                <td>{e.lotsCount}</td>
              </tr>
            ))}
          </tbody>
        </table>
      ) : null}
      {found && found.pagination.totalPages > 1 ? (
        <nav aria-label="Pages of events" className={page.links}>
          {pageNumber > 1 ? <Link href={eventsHref(filters, pageNumber - 1)}>Previous page</Link> : null}
          <span>
            Page {pageNumber} of {found.pagination.totalPages}
          </span>
          {pageNumber < found.pagination.totalPages ? (
            <Link href={eventsHref(filters, pageNumber + 1)}>Next page</Link>
          ) : null}
        </nav>
      ) : null}
    </div>
  );
}
