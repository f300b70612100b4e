import { categoryHref } from '../routes';
import { type RawSearchParams, toURLSearchParams } from './search-params';

/**
 * Where the browse URL of a category slug that is no category's now goes
 * (decision 0077): a slug a category had before a rename answers a permanent
 * redirect to the category's current slug, with the query string kept. Null:
 * no category had it, and the page is the 404 page.
 *
 * `currentSlugOf` asks the API (browse.server.ts fetchCategoryRedirect).
 */
export async function categoryRedirectTarget(
  oldSlug: string,
  raw: RawSearchParams,
  currentSlugOf: (slug: string) => Promise<string | null>,
): Promise<string | null> {
  const current = await currentSlugOf(oldSlug);
  if (current === null || current === oldSlug) return null;
  const query = toURLSearchParams(raw).toString();
  return query ? `${categoryHref(current)}?${query}` : categoryHref(current);
}
