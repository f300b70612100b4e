import {
  canReviewTaxExemptions,
  productCategoriesResponse,
  staffBrandsResponse,
  staffCatalogProductsResponse,
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
import { catalogProductHref, signInHref } from '../../../lib/routes';
import { STAFF_CATALOG_PRODUCTS_PATH } from '../../../lib/staff/catalog';
import type { MergeOption } from '../catalog-merge-form';
import { CreateProductForm, ProductRowForms } from './product-forms';

export const metadata: Metadata = { title: 'Catalog products' };

/** The brand and category selects: the first 100 brands by name, the regular categories (first 2,000). */
async function choices(): Promise<{ brands: MergeOption[]; categories: MergeOption[] }> {
  const brandsAnswer = await callApi<unknown>('GET', '/marketplace-api/staff/brands');
  const brands = brandsAnswer.ok ? staffBrandsResponse.safeParse(brandsAnswer.data) : null;
  const categories: MergeOption[] = [];
  for (let pageNumber = 1; pageNumber <= 40; pageNumber++) {
    const answer = await callApi<unknown>(
      'GET',
      `/marketplace/api/category/product-categories/regular?pageSize=50&pageNumber=${pageNumber}`,
    );
    const parsed = answer.ok ? productCategoriesResponse.safeParse(answer.data) : null;
    if (!parsed?.success) break;
    categories.push(...parsed.data.productCategories.map((c) => ({ id: c._id, label: `${c.name} (${c.slug})` })));
    if (pageNumber >= parsed.data.pagination.totalPages) break;
  }
  return {
    brands: brands?.success ? brands.data.brands.map((b) => ({ id: b._id, label: b.name })) : [],
    categories,
  };
}

/**
 * Staff only (decision 0083): catalog products with their lot counts, searched
 * by part of the name or uniqueName, a create form, and per product edit and
 * merge into another listed product. Others get the 404 page.
 */
export default async function StaffCatalogProductsPage({
  searchParams,
}: {
  searchParams: Promise<{ q?: string | string[] }>;
}) {
  const user = await getCurrentUser();
  if (!user) redirect(signInHref(STAFF_CATALOG_PRODUCTS_PATH));
  if (!canReviewTaxExemptions(user.roles)) notFound();
  const params = await searchParams;
  const q = typeof params.q === 'string' ? params.q.trim().slice(0, 100) : '';
  const [answer, options] = await Promise.all([
    callApi<unknown>('GET', `/marketplace-api/staff/catalog-products${q ? `?q=${encodeURIComponent(q)}` : ''}`),
    choices(),
  ]);
  const parsed = answer.ok ? staffCatalogProductsResponse.safeParse(answer.data) : null;
  const products = parsed?.success ? parsed.data.catalogProducts : null;
  return (
    <div className={`${page.page} ${page.wide}`}>
      <h1 className={page.title}>Catalog products</h1>
      <CreateProductForm choices={options} />
      <form method="get" action={STAFF_CATALOG_PRODUCTS_PATH} className={forms.form}>
        <div className={forms.field}>
          <label htmlFor="products-q" className={forms.label}>
            Name or unique name
          </label>
          <input id="products-q" name="q" type="search" className={forms.input} defaultValue={q} maxLength={100} />
        </div>
        <button type="submit" className="button">
          Search
        </button>
      </form>
      {products === null ? <FormMessages error="The catalog products could not be loaded." /> : null}
      {products && products.length === 0 ? <p>No catalog product matches.</p> : null}
      {products && products.length > 0 ? (
        <table className={view.table}>
          <caption className="visually-hidden">Catalog products (the first 100 by name)</caption>
          <thead>
            <tr>
              <th scope="col">Product</th>
              <th scope="col">Lots</th>
              <th scope="col">Change</th>
            </tr>
          </thead>
          <tbody>
            {products.map((p) => (
              <tr key={p._id}>
                <th scope="row">
                  <Link href={catalogProductHref(p.uniqueName)}>{p.name}</Link> <code>{p.uniqueName}</code>
                </th>
                <td>{p.lotCount}</td>
                <td>
                  <ProductRowForms
                    product={p}
                    choices={options}
                    targets={products
                      .filter((o) => o._id !== p._id)
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
