import type { Executor } from '@lotline/db';
import { AppError } from '../../lib/errors';
import { findCategory } from '../staff-categories/category-rows';
import { findBrand } from './catalog-rows';

/** A product's brand and category must exist (400 naming the field); null clears them. */
export async function checkProductRefs(
  tx: Executor,
  refs: { brandId?: string | null | undefined; productCategoryId?: string | null | undefined },
): Promise<void> {
  if (refs.brandId && !(await findBrand(tx, refs.brandId))) throw AppError.validation('No such brand', 'brandId');
  if (refs.productCategoryId && !(await findCategory(tx, refs.productCategoryId))) {
    throw AppError.validation('No such product category', 'productCategoryId');
  }
}
