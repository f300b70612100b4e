import { FEATURED_SELLERS_LIMIT, featuredSellersResponse, staffCompaniesResponse } from '@lotline/contracts';
import type { Metadata } from 'next';
import page from '../../../../components/forms/auth-page.module.css';
import { FormMessages } from '../../../../components/forms/form-messages';
import forms from '../../../../components/forms/forms.module.css';
import { callApi } from '../../../../lib/auth/api-call.server';
import { draftIds, STAFF_FEATURED_SELLERS_PATH } from '../../../../lib/staff/content';
import { featuredSellersAction } from '../../../../lib/staff/content-actions';
import styles from '../content.module.css';
import { one, requireStaffPage } from '../staff-page.server';

export const metadata: Metadata = { title: 'Featured sellers' };

/**
 * Staff only (decision 0084): the featured sellers of the home page, in order.
 * Each button changes the draft (kept in the URL) until Save stores it; a
 * suspended company is marked, as the home page leaves it out.
 */
export default async function FeaturedSellersPage({
  searchParams,
}: {
  searchParams: Promise<Record<string, string | string[] | undefined>>;
}) {
  await requireStaffPage(STAFF_FEATURED_SELLERS_PATH);
  const params = await searchParams;
  const [featuredAnswer, companiesAnswer] = await Promise.all([
    callApi<unknown>('GET', '/marketplace-api/staff/featured-sellers'),
    callApi<unknown>('GET', '/marketplace-api/staff/companies?status=active&pageSize=100'),
  ]);
  const featured = featuredSellersResponse.safeParse(featuredAnswer.data);
  const active = staffCompaniesResponse.safeParse(companiesAnswer.data);
  if (!featuredAnswer.ok || !featured.success || !active.success) {
    return (
      <div className={`${page.page} ${page.wide}`}>
        <h1 className={page.title}>Featured sellers</h1>
        <FormMessages error="The featured sellers could not be loaded. Reload the page." />
      </div>
    );
  }
  const known = new Map<string, { name: string; status: string }>();
  for (const c of active.data.companies) known.set(c._id, { name: c.name, status: c.status });
  for (const c of featured.data.companies) known.set(c._id, { name: c.name, status: c.status });
  const draft = draftIds(params.draft);
  const ids = draft ?? featured.data.companies.map((c) => c._id);
  const addable = active.data.companies.filter((c) => !ids.includes(c._id));
  const changed = draft !== undefined;
  const error = one(params.error);
  return (
    <div className={`${page.page} ${page.wide}`}>
      <h1 className={page.title}>Featured sellers</h1>
      <p>
        The home page shows {FEATURED_SELLERS_LIMIT} seller logos in this order. A suspended company cannot be featured
        and is left out of the home page.
      </p>
      <FormMessages
        error={error || undefined}
        success={one(params.saved) ? 'Saved: the home page shows these sellers now.' : undefined}
      />
      <form action={featuredSellersAction} className={forms.form} aria-label="Featured sellers">
        <ol className={styles.list} aria-label="Featured sellers, in order">
          {ids.map((id, i) => {
            const company = known.get(id);
            const name = company?.name ?? id;
            return (
              <li key={id} className={styles.item}>
                <input type="hidden" name="companyId" value={id} />
                <span className={styles.name}>
                  {i + 1}. {name}
                  {company?.status === 'suspended' ? <strong> (suspended: not shown)</strong> : null}
                </span>
                <span className={styles.actions}>
                  <button
                    type="submit"
                    className="button-secondary"
                    name="op"
                    value={`up:${i}`}
                    disabled={i === 0}
                    aria-label={`Move ${name} up`}
                  >
                    Move up
                  </button>
                  <button
                    type="submit"
                    className="button-secondary"
                    name="op"
                    value={`down:${i}`}
                    disabled={i === ids.length - 1}
                    aria-label={`Move ${name} down`}
                  >
                    Move down
                  </button>
                  <button
                    type="submit"
                    className="button-secondary"
                    name="op"
                    value={`remove:${i}`}
                    aria-label={`Remove ${name}`}
                  >
                    Remove
                  </button>
                </span>
              </li>
            );
          })}
        </ol>
        <p aria-live="polite">
          {ids.length} of {FEATURED_SELLERS_LIMIT} chosen{changed ? ' (not saved yet)' : ''}.
        </p>
        <div className={forms.field}>
          <label htmlFor="featured-add" className={forms.label}>
            Add a company
          </label>
          <select id="featured-add" name="addId" className={forms.input} defaultValue="">
            <option value="">Choose an active company</option>
            {addable.map((c) => (
              <option key={c._id} value={c._id}>
                {c.name}
              </option>
            ))}
          </select>
        </div>
        <p className={styles.actions}>
          <button type="submit" className="button-secondary" name="op" value="add">
            Add
          </button>
          <button type="submit" name="op" value="save" className="button">
            Save
          </button>
          {changed ? <a href={STAFF_FEATURED_SELLERS_PATH}>Discard changes</a> : null}
        </p>
      </form>
    </div>
  );
}
