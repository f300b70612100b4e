import type { EventLotSource, Pagination as PageInfo } from '@lotline/contracts';
import { itemRangeText, pageSizeParams } from '../../lib/browse/pagination';
import type { WatchState } from '../../lib/watchlist/watch-state';
import { LotCard } from '../lot-card/lot-card';
import { PageSizeLinks } from '../pagination/page-size-links';
import { Pagination } from '../pagination/pagination';
import styles from './lot-grid.module.css';

type Lot = { _id: string; _source: EventLotSource };

/** The cards of the first screenful on a phone, whose first photo is the largest paint: loaded eagerly. */
const PRIORITY_CARDS = 2;

/**
 * A paged grid of lot cards outside the browse page (seller and catalog pages):
 * the 'a-b of n items' count, the cards with their watch toggles, and page links
 * and page-size links (`?page=N&page-size=M` on `pathname`, defaults left out).
 * `empty` is shown when there is nothing at all.
 */
export function LotGrid({
  label,
  lots,
  pagination,
  now,
  watchOf,
  pathname,
  empty,
  priority = false,
}: {
  label: string;
  lots: Lot[];
  pagination: PageInfo;
  now: number;
  watchOf: (documentId: string) => WatchState;
  pathname: string;
  empty: string;
  /** The grid is the first thing on screen: its first cards' photos load at once. */
  priority?: boolean;
}) {
  const range = itemRangeText(pagination);
  const params = pageSizeParams(pagination.pageSize);
  if (pagination.totalItems === 0) return <p className={styles.empty}>{empty}</p>;
  return (
    <div className={styles.wrap}>
      {range ? <p className={styles.count}>{range}</p> : null}
      {lots.length > 0 ? (
        <ul className={styles.grid} aria-label={label}>
          {lots.map((lot, index) => (
            <li key={lot._id}>
              <LotCard
                eventLot={lot._source}
                now={now}
                titleAs="h3"
                watch={watchOf(lot._id)}
                priority={priority && index < PRIORITY_CARDS}
              />
            </li>
          ))}
        </ul>
      ) : (
        <p className={styles.empty}>
          There are no lots on page {pagination.pageNumber}. <a href={pathname}>Go to the first page of {label}</a>
        </p>
      )}
      <Pagination pathname={pathname} params={params} page={pagination.pageNumber} totalPages={pagination.totalPages} />
      <PageSizeLinks pathname={pathname} params={params} pageSize={pagination.pageSize} />
    </div>
  );
}
