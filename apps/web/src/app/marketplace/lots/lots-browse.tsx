import { notFound, permanentRedirect, redirect } from 'next/navigation';
import styles from '../../../components/browse/browse.module.css';
import { BrowseLayout } from '../../../components/browse/browse-layout';
import { BrowseSections, InfoBanners } from '../../../components/browse-extras/browse-extras';
import { LotCard } from '../../../components/lot-card/lot-card';
import {
  fetchCategoryBySlug,
  fetchCategoryRedirect,
  fetchLotSearch,
  fetchNearestPlace,
} from '../../../lib/api/browse.server';
import { ApiError } from '../../../lib/api/errors';
import { loadBrowseExtras, startBrowseReads } from '../../../lib/browse/browse-extras.server';
import { canonicalBrowseUrl } from '../../../lib/browse/canonical';
import { categoryRedirectTarget } from '../../../lib/browse/category-redirect';
import type { RawSearchParams } from '../../../lib/browse/search-params';
import { applyChange, parseBrowseState, toSearchParams } from '../../../lib/browse/state';
import { browseHref, categoryHref, LOTS_PATH } from '../../../lib/routes';

/** The cards of the first screenful on a phone, whose first photo is the largest paint: loaded eagerly. */
const PRIORITY_CARDS = 2;

/**
 * /marketplace/lots and /marketplace/lots/{categorySlug}: the URL is the
 * whole state. A URL that is not in its canonical form (a raw keyword, a
 * stray default, a lone coordinate) is redirected to it, so what is shown,
 * what is searched and what is shared are the same address.
 */
export async function LotsBrowse({ raw, categorySlug }: { raw: RawSearchParams; categorySlug?: string }) {
  const browse = raw.browse === 'events' ? 'events' : 'assets';
  const state = parseBrowseState(raw, browse, categorySlug);
  const requestPath = categorySlug ? categoryHref(categorySlug) : LOTS_PATH;
  const canonical = canonicalBrowseUrl(state, requestPath, raw);
  if (canonical) redirect(canonical);

  const category = categorySlug ? await fetchCategoryBySlug(categorySlug) : null;
  if (categorySlug && !category) {
    // A former slug (the category was renamed) answers a permanent redirect (308) to the current one.
    const target = await categoryRedirectTarget(categorySlug, raw, fetchCategoryRedirect);
    if (target) permanentRedirect(target);
    notFound();
  }

  // The reads around the results (fillers, similar, recently viewed, sellers) start now, alongside the results'.
  const extrasParams: RawSearchParams = Object.fromEntries(toSearchParams(state));
  if (state.productCategory) extrasParams['product-category'] = state.productCategory;
  const reads = startBrowseReads(extrasParams);

  const [search, place] = await Promise.all([
    fetchLotSearch(state).catch((error: unknown) => {
      if (error instanceof ApiError && error.field === 'product-category') notFound();
      throw error;
    }),
    fetchNearestPlace(state),
  ]);

  const extras = await loadBrowseExtras({
    reads,
    resultsCount: search.pagination.totalItems,
    resultIds: search.lots.map((hit) => hit._id),
    returnTo: browseHref(state),
  });

  return (
    <BrowseLayout
      title={category ? category.name : 'Browse lots'}
      state={state}
      facets={search.facets}
      place={place}
      pagination={search.pagination}
      categoryLabel={category?.name}
      after={<BrowseSections extras={extras} />}
    >
      <InfoBanners extras={extras} />
      {search.lots.length > 0 ? (
        <ul className={state.view === 'list' ? styles.resultList : styles.resultGrid} aria-label="Lots">
          {search.lots.map((hit, index) => (
            <li key={hit._id}>
              <LotCard
                eventLot={hit._source}
                view={state.view}
                now={extras.now}
                watch={extras.watchOf(hit._id)}
                priority={index < PRIORITY_CARDS}
              />
            </li>
          ))}
        </ul>
      ) : search.pagination.totalItems === 0 ? null : (
        <p className={styles.empty}>
          There are no lots on page {state.page}.{' '}
          <a href={browseHref(applyChange(state, { kind: 'page', page: 1 }))}>Go to the first page</a>
        </p>
      )}
    </BrowseLayout>
  );
}
