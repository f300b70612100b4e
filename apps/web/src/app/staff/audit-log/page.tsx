import { AUDIT_LOG_PAGE_SIZE, auditLogResponse, canReviewTaxExemptions } from '@lotline/contracts';
import type { Metadata } from 'next';
import Link from 'next/link';
import { notFound, redirect } from 'next/navigation';
import page from '../../../components/forms/auth-page.module.css';
import { FormMessages } from '../../../components/forms/form-messages';
import forms from '../../../components/forms/forms.module.css';
import { Pagination } from '../../../components/pagination/pagination';
import { callApi } from '../../../lib/auth/api-call.server';
import { getCurrentUser } from '../../../lib/auth/current-user.server';
import { STAFF_AUDIT_LOG_PATH, signInHref } from '../../../lib/routes';
import { displayZone } from '../../../lib/time/format';
import { formatDateTime } from '../../../lib/time/format-date';
import { getUserTimeZone } from '../../../lib/time/user-zone.server';
import styles from '../staff.module.css';

export const metadata: Metadata = { title: 'Audit log' };

const FILTERS = [
  { name: 'actorId', label: 'Staff member (user id)' },
  { name: 'targetType', label: 'Record kind (e.g. user, order)' },
  { name: 'targetId', label: 'Record id' },
] as const;
type Filter = (typeof FILTERS)[number]['name'];
type Search = Partial<Record<Filter | 'page', string | string[]>>;

const one = (value: string | string[] | undefined) => (typeof value === 'string' ? value.trim().slice(0, 200) : '');

/** The page's address with these filters (empty ones left out), so every link keeps the others. */
function auditHref(filters: Record<Filter, string>): string {
  const params = new URLSearchParams(Object.entries(filters).filter(([, v]) => v !== ''));
  const qs = params.toString();
  return qs ? `${STAFF_AUDIT_LOG_PATH}?${qs}` : STAFF_AUDIT_LOG_PATH;
}

const json = (value: unknown) => (value === null ? 'Nothing' : JSON.stringify(value, null, 2));

/** Staff only (decision 0073): every staff write, newest first, filtered by GET form and paged by links. */
export default async function AuditLogPage({ searchParams }: { searchParams: Promise<Search> }) {
  const user = await getCurrentUser();
  if (!user) redirect(signInHref(STAFF_AUDIT_LOG_PATH));
  if (!canReviewTaxExemptions(user.roles)) notFound();
  const params = await searchParams;
  const filters = { actorId: one(params.actorId), targetType: one(params.targetType), targetId: one(params.targetId) };
  const requested = Number.parseInt(one(params.page) || '1', 10);
  const pageNumber = Number.isInteger(requested) && requested >= 1 && requested <= 10_000 ? requested : 1;
  const query = new URLSearchParams(Object.entries(filters).filter(([, v]) => v !== ''));
  query.set('pageSize', String(AUDIT_LOG_PAGE_SIZE));
  query.set('pageNumber', String(pageNumber));
  const [answer, zone] = await Promise.all([
    callApi<unknown>('GET', `/marketplace-api/staff/audit-log?${query}`),
    getUserTimeZone(),
  ]);
  const parsed = answer.ok ? auditLogResponse.safeParse(answer.data) : null;
  const found = parsed?.success ? parsed.data : null;
  const timeZone = displayZone(zone);
  const linkParams = new URLSearchParams(Object.entries(filters).filter(([, v]) => v !== ''));
  return (
    <div className={`${page.page} ${page.wide}`}>
      <h1 className={page.title}>Audit log</h1>
      <p className={page.lead}>Every change staff made, newest first. The log cannot be edited.</p>
      <form method="get" action={STAFF_AUDIT_LOG_PATH} className={styles.filters} aria-label="Filter the audit log">
        {FILTERS.map((f) => (
          <div key={f.name} className={forms.field}>
            <label htmlFor={`audit-${f.name}`} className={forms.label}>
              {f.label}
            </label>
            <input
              id={`audit-${f.name}`}
              name={f.name}
              className={forms.input}
              defaultValue={filters[f.name]}
              maxLength={200}
            />
          </div>
        ))}
        <button type="submit" className="button">
          Filter
        </button>
      </form>
      {linkParams.size > 0 ? <Link href={STAFF_AUDIT_LOG_PATH}>Show every entry</Link> : null}
      {!found ? <FormMessages error={answer.error?.message ?? 'The audit log could not be loaded.'} /> : null}
      {found && found.entries.length === 0 ? <p>No entry matches.</p> : null}
      {found && found.entries.length > 0 ? (
        <ol className={styles.entries} aria-label="Audit log entries">
          {found.entries.map((e) => (
            <li key={e._id} className={styles.entry}>
              <h2 className={styles.entryHead}>
                <code>{e.action}</code>
                <span className={styles.entryMeta}>
                  <time dateTime={e.at}>{formatDateTime(e.at, timeZone)}</time>
                </span>
              </h2>
              <dl className={page.facts}>
                <dt>By</dt>
                <dd>
                  <Link href={auditHref({ actorId: e.actor.id, targetType: '', targetId: '' })}>{e.actor.email}</Link>
                </dd>
                <dt>Record</dt>
                <dd>
                  <Link href={auditHref({ actorId: '', targetType: e.targetType, targetId: e.targetId })}>
                    {e.targetType} {e.targetId}
                  </Link>
                </dd>
              </dl>
              <details>
                <summary>Before and after</summary>
                <h3 className={styles.entryMeta}>Before</h3>
                <pre className={styles.json}>{json(e.before)}</pre>
                <h3 className={styles.entryMeta}>After</h3>
                <pre className={styles.json}>{json(e.after)}</pre>
              </details>
            </li>
          ))}
        </ol>
      ) : null}
      {found ? (
        <Pagination
          pathname={STAFF_AUDIT_LOG_PATH}
          params={linkParams}
          page={pageNumber}
          totalPages={found.pagination.totalPages}
        />
      ) : null}
    </div>
  );
}
