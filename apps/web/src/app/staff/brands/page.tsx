import { canReviewTaxExemptions, staffBrandsResponse } from '@lotline/contracts';
import type { Metadata } from 'next';
import { notFound, redirect } from 'next/navigation';
import page from '../../../components/forms/auth-page.module.css';
import { FormMessages } from '../../../components/forms/form-messages';
import forms from '../../../components/forms/forms.module.css';
import view from '../../../components/order-view/order-view.module.css';
import { callApi } from '../../../lib/auth/api-call.server';
import { getCurrentUser } from '../../../lib/auth/current-user.server';
import { signInHref } from '../../../lib/routes';
import { STAFF_BRANDS_PATH } from '../../../lib/staff/catalog';
import { BrandRowForms, CreateBrandForm } from './brand-forms';

export const metadata: Metadata = { title: 'Brands' };

/**
 * Staff only (decision 0083): brands with their lot counts, searched by part
 * of the name or uniqueName, a create form, and per brand edit and merge into
 * another listed brand. Others get the 404 page.
 */
export default async function StaffBrandsPage({ searchParams }: { searchParams: Promise<{ q?: string | string[] }> }) {
  const user = await getCurrentUser();
  if (!user) redirect(signInHref(STAFF_BRANDS_PATH));
  if (!canReviewTaxExemptions(user.roles)) notFound();
  const params = await searchParams;
  const q = typeof params.q === 'string' ? params.q.trim().slice(0, 100) : '';
  const answer = await callApi<unknown>(
    'GET',
    `/marketplace-api/staff/brands${q ? `?q=${encodeURIComponent(q)}` : ''}`,
  );
  const parsed = answer.ok ? staffBrandsResponse.safeParse(answer.data) : null;
  const brands = parsed?.success ? parsed.data.brands : null;
  return (
    <div className={`${page.page} ${page.wide}`}>
      <h1 className={page.title}>Brands</h1>
      <CreateBrandForm />
      <form method="get" action={STAFF_BRANDS_PATH} className={forms.form}>
        <div className={forms.field}>
          <label htmlFor="brands-q" className={forms.label}>
            Name or unique name
          </label>
          <input id="brands-q" name="q" type="search" className={forms.input} defaultValue={q} maxLength={100} />
        </div>
        <button type="submit" className="button">
          Search
        </button>
      </form>
      {brands === null ? <FormMessages error="The brands could not be loaded." /> : null}
      {brands && brands.length === 0 ? <p>No brand matches.</p> : null}
      {brands && brands.length > 0 ? (
        <table className={view.table}>
          <caption className="visually-hidden">Brands (the first 100 by name)</caption>
          <thead>
            <tr>
              <th scope="col">Brand</th>
              <th scope="col">Lots</th>
              <th scope="col">Change</th>
            </tr>
          </thead>
          <tbody>
            {brands.map((b) => (
              <tr key={b._id}>
                <th scope="row">
                  {b.name} <code>{b.uniqueName}</code>
                </th>
                <td>{b.lotCount}</td>
                <td>
                  <BrandRowForms
                    brand={b}
                    targets={brands
                      .filter((o) => o._id !== b._id)
                      .map((o) => ({ id: o._id, label: `${o.name} (${o.uniqueName})` }))}
                  />
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      ) : null}
    </div>
  );
}
