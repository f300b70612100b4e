import type { Metadata } from 'next';
import { BrowseSections, InfoBanners } from '../../../components/browse-extras/browse-extras';
import { LotCard } from '../../../components/lot-card/lot-card';
import { PageSizeLinks } from '../../../components/pagination/page-size-links';
import { Pagination } from '../../../components/pagination/pagination';
import { fetchEventLots } from '../../../lib/api/event-lots.server';
import { loadBrowseExtras, startBrowseReads } from '../../../lib/browse/browse-extras.server';
import { buildBrowseEsQuery } from '../../../lib/browse/es-query';
import { parsePageParams } from '../../../lib/browse/page-params';
import { browseHref, itemRangeText } from '../../../lib/browse/pagination';
import { firstValue, type RawSearchParams, toURLSearchParams } from '../../../lib/browse/search-params';
import styles from './page.module.css';

export const metadata: Metadata = { title: 'Browse lots' };

const PATHNAME = '/marketplace/lots';

export default async function LotsPage({ searchParams }: { searchParams: Promise<RawSearchParams> }) {
  const raw = await searchParams;
  const { page, pageSize } = parsePageParams(raw);
  const reads = startBrowseReads(raw);
  const { eventLots, pagination } = await fetchEventLots({ pageNumber: page, pageSize, esQuery: buildBrowseEsQuery() });
  const params = toURLSearchParams(raw);
  const rangeText = itemRangeText(pagination);
  const view = firstValue(raw.view) === 'list' ? 'list' : 'grid';
  const extras = await loadBrowseExtras({
    reads,
    resultsCount: pagination.totalItems,
    resultIds: eventLots.map((hit) => hit._id),
    returnTo: browseHref(PATHNAME, params, {}),
  });

  return (
    <div className={`container ${styles.page}`}>
      <h1 className={styles.heading}>Browse lots</h1>
      <InfoBanners extras={extras} />
      <div className={styles.toolbar}>
        {rangeText ? <p className={styles.range}>{rangeText}</p> : null}
        <PageSizeLinks pathname={PATHNAME} params={params} pageSize={pagination.pageSize} />
      </div>

      {eventLots.length > 0 ? (
        <ul className={view === 'list' ? styles.rows : styles.grid} aria-label="Lots">
          {eventLots.map((hit) => (
            <li key={hit._id}>
              <LotCard eventLot={hit._source} view={view} now={extras.now} watch={extras.watchOf(hit._id)} />
            </li>
          ))}
        </ul>
      ) : pagination.totalItems === 0 ? (
        <p className={styles.empty}>No active listings match your search.</p>
      ) : (
        <p className={styles.empty}>
          There are no lots on page {pagination.pageNumber}.{' '}
          <a href={browseHref(PATHNAME, params, { page: 1 })}>Go to the first page</a>
        </p>
      )}

      <Pagination pathname={PATHNAME} params={params} page={pagination.pageNumber} totalPages={pagination.totalPages} />
      <BrowseSections extras={extras} />
    </div>
  );
}
