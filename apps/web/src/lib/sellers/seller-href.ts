import type { SellerCompany } from '@lotline/contracts';

/** Seller page route (spec §2): /marketplace/seller/{seller slug}/{company id}. */
export function sellerHref(company: Pick<SellerCompany, '_id' | 'slug'>): string {
  return `/marketplace/seller/${encodeURIComponent(company.slug)}/${encodeURIComponent(company._id)}`;
}
