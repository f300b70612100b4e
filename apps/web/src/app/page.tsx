import type { LotCard } from '@lotline/contracts';
import { BrowseSearchBox } from '../components/browse/browse-search-box';
import { FeaturedSellers } from '../components/featured-sellers/featured-sellers';
import { FillerRow, FillerSections } from '../components/filler-sections/filler-sections';
import { fetchFeaturedSellers } from '../lib/api/browse-extras.server';
import { fetchLotRow, fetchTopCategories } from '../lib/api/pages.server';
import { lotSearchQuery, parseBrowseState } from '../lib/browse/state';
import { fetchHomeSections } from '../lib/content/content.server';
import { absoluteUrl } from '../lib/env.server';
import { browseHref, EVENTS_PATH, LOTS_PATH } from '../lib/routes';
import { JsonLd } from '../lib/seo/json-ld';
import { pageMetadata } from '../lib/seo/page-metadata';
import { loadWatchStates } from '../lib/watchlist/watch-states.server';
import styles from './home.module.css';
import { HomeCategories } from './home-categories';

export const metadata = pageMetadata({
  title: 'Lotline: industrial assets by auction, buy now and tender',
  description:
    'Lotline is the marketplace for industrial assets: bid in timed auctions, buy now at a fixed price or tender for machinery, vehicles and equipment from verified sellers.',
  path: '/',
});

// Read at request time: the rows change by the second, and the build has no API to ask. The page reads
// nothing of the request (cookies, search params), so without this `next build` would prerender it.
export const dynamic = 'force-dynamic';

/** How many cards each row of the home page holds (a browse page size). */
const ROW_SIZE = 15;

/** The two rows: active auction lots ending soonest (the browse default sort), and buy-now lots. */
const ENDING_SOON = parseBrowseState({ 'sale-format': 'auction', status: 'active' }, 'assets');
const BUY_NOW = parseBrowseState({ 'sale-format': 'buy-now' }, 'assets');

/** A section the page can do without: a failed read is logged and the section left out. */
async function optional<T>(what: string, read: Promise<T>, fallback: T): Promise<T> {
  try {
    return await read;
  } catch (error) {
    console.error(`[home] ${what} failed; the section is left out`, error);
    return fallback;
  }
}

const rowOf = (state: typeof ENDING_SOON, what: string): Promise<LotCard[]> =>
  optional(
    what,
    fetchLotRow({ ...lotSearchQuery(state), 'page-size': ROW_SIZE }).then((r) => r.lots),
    [],
  );

/**
 * Home page: leads into the marketplace. A search box (the browse page's),
 * the top-level categories, active auction lots ending soonest, buy-now lots,
 * the rows staff put on the home page and the featured sellers, all rendered on
 * the server.
 */
export default async function HomePage() {
  const now = Date.now();
  const [categories, endingSoon, buyNow, sellers, homeSections] = await Promise.all([
    optional('categories', fetchTopCategories(), []),
    rowOf(ENDING_SOON, 'ending soon'),
    rowOf(BUY_NOW, 'buy now'),
    fetchFeaturedSellers(),
    fetchHomeSections(),
  ]);
  const watchOf = await loadWatchStates(
    [...endingSoon, ...buyNow, ...homeSections.flatMap((section) => section.lots ?? [])].map((lot) => lot._id),
    '/',
  );
  const rows = [
    {
      id: 'home-ending-soon',
      label: 'ENDING SOON',
      seeMore: { href: browseHref(ENDING_SOON), text: 'See all ending-soon auction lots' },
      lots: endingSoon,
    },
    {
      id: 'home-buy-now',
      label: 'BUY NOW',
      seeMore: { href: browseHref(BUY_NOW), text: 'See all buy-now lots' },
      lots: buyNow,
    },
  ];

  return (
    <div className={`container ${styles.page}`}>
      <JsonLd
        data={{
          '@type': 'WebSite',
          name: 'Lotline',
          url: absoluteUrl('/'),
          potentialAction: {
            '@type': 'SearchAction',
            target: {
              '@type': 'EntryPoint',
              urlTemplate: absoluteUrl(`${LOTS_PATH}?keyword={search_term_string}`),
            },
            'query-input': 'required name=search_term_string',
          },
        }}
      />
      <JsonLd
        data={{
          '@type': 'Organization',
          name: 'Lotline',
          url: absoluteUrl('/'),
          logo: absoluteUrl('/icon.svg'),
          description: 'The online marketplace for industrial assets sold by timed auction, buy now and sealed tender.',
        }}
      />
      <section className={styles.hero} aria-labelledby="home-title">
        <h1 id="home-title" className={styles.title}>
          Industrial assets by auction, buy now and tender
        </h1>
        <p className={styles.lead}>
          Machinery, vehicles and equipment from companies across the US and Canada. Browse without an account; sign in
          to watch lots and contact sellers.
        </p>
        <BrowseSearchBox state={parseBrowseState({}, 'assets')} />
        <p className={styles.shortcuts}>
          <a href={LOTS_PATH}>Browse all lots</a>
          <a href={EVENTS_PATH}>Browse all events</a>
        </p>
      </section>

      <HomeCategories categories={categories} />

      {rows.map((row) =>
        row.lots.length > 0 ? <FillerRow key={row.id} {...row} now={now} watchOf={watchOf} /> : null,
      )}

      {/* The rows staff add to the home page, in their order (decision 0084). */}
      <FillerSections sections={homeSections} now={now} watchOf={watchOf} />

      <FeaturedSellers companies={sellers} />
    </div>
  );
}
