import { canReviewTaxExemptions, type ProductCategory, productCategoriesResponse } from '@lotline/contracts';
import type { Metadata } from 'next';
import { notFound, redirect } from 'next/navigation';
import page from '../../../components/forms/auth-page.module.css';
import { FormMessages } from '../../../components/forms/form-messages';
import view from '../../../components/order-view/order-view.module.css';
import { callApi } from '../../../lib/auth/api-call.server';
import { getCurrentUser } from '../../../lib/auth/current-user.server';
import { signInHref } from '../../../lib/routes';
import { categoryOutline, STAFF_CATEGORIES_PATH } from '../../../lib/staff/categories';
import styles from './categories.module.css';
import { CategoryOptions, CategoryRowForms, CreateCategoryForm, type ParentOption } from './category-forms';

export const metadata: Metadata = { title: 'Categories' };

const PAGE_SIZE = 50;
/** A guard against a runaway loop; 40 pages is 2,000 categories. */
const MAX_PAGES = 40;

/** Every regular category, active or not, through the public list (which pages at 50). Null if a page fails. */
async function allCategories(): Promise<ProductCategory[] | null> {
  const all: ProductCategory[] = [];
  for (let pageNumber = 1; pageNumber <= MAX_PAGES; pageNumber++) {
    const answer = await callApi<unknown>(
      'GET',
      `/marketplace/api/category/product-categories/regular?pageSize=${PAGE_SIZE}&pageNumber=${pageNumber}`,
    );
    const parsed = answer.ok ? productCategoriesResponse.safeParse(answer.data) : null;
    if (!parsed?.success) return null;
    all.push(...parsed.data.productCategories);
    if (pageNumber >= parsed.data.pagination.totalPages) break;
  }
  return all;
}

/** Staff only: the category tree, a create form, and per category rename, move and (de)activate (decision 0077). */
export default async function StaffCategoriesPage() {
  const user = await getCurrentUser();
  if (!user) redirect(signInHref(STAFF_CATEGORIES_PATH));
  if (!canReviewTaxExemptions(user.roles)) notFound();
  const categories = await allCategories();
  const outline = categories ? categoryOutline(categories) : [];
  const parents: ParentOption[] = outline.map((r) => ({
    id: r.category._id,
    label: `${'— '.repeat(r.depth)}${r.category.name}`,
  }));
  return (
    <div className={`${page.page} ${page.wide}`}>
      <h1 className={page.title}>Categories</h1>
      <CategoryOptions options={parents}>
        <CreateCategoryForm />
        {categories === null ? <FormMessages error="The categories could not be loaded." /> : null}
        {outline.length > 0 ? (
          <table className={view.table}>
            <caption className="visually-hidden">Categories, each parent before its children</caption>
            <thead>
              <tr>
                <th scope="col">Category</th>
                <th scope="col">Lots</th>
                <th scope="col">Status</th>
                <th scope="col">Change</th>
              </tr>
            </thead>
            <tbody>
              {outline.map(({ category, depth, branch }) => (
                <tr key={category._id}>
                  <th scope="row" className={styles.row} data-depth={Math.min(depth, 5)}>
                    {category.name} <code>{category.slug}</code>
                  </th>
                  <td>{category.totalDocCount}</td>
                  <td>{category.status === 'active' ? 'Active' : 'Inactive'}</td>
                  <td>
                    <CategoryRowForms
                      _id={category._id}
                      name={category.name}
                      slug={category.slug}
                      parentId={category.parentId}
                      status={category.status}
                      branch={[...branch].join(' ')}
                    />
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        ) : null}
      </CategoryOptions>
    </div>
  );
}
