import type { LotFacets, Pagination as PaginationData, Place } from '@lotline/contracts';
import type { ReactNode } from 'react';
import { itemRangeText } from '../../lib/browse/pagination';
import { type BrowseState, toSearchParams } from '../../lib/browse/state';
import { browseHref } from '../../lib/routes';
import { PageSizeLinks } from '../pagination/page-size-links';
import { Pagination } from '../pagination/pagination';
import styles from './browse.module.css';
import { BrowseSearchBox } from './browse-search-box';
import { BrowseTabs } from './browse-tabs';
import { FilterChips } from './filter-chips';
import { FilterControls } from './filter-controls';
import { FilterDrawer } from './filter-drawer';
import { SortMenu } from './sort-menu';
import { ViewToggle } from './view-toggle';

interface BrowseLayoutProps {
  title: string;
  state: BrowseState;
  facets?: LotFacets | undefined;
  place: Place | null;
  pagination: PaginationData;
  categoryLabel?: string | undefined;
  /** The result list (or the empty message). */
  children: ReactNode;
  /** Full-width sections below the results and filters (fillers, recently viewed, sellers). */
  after?: ReactNode;
  /** 2 where the page has its own h1 (the event page's lots); 1 on the browse pages. */
  headingLevel?: 1 | 2;
}

/**
 * The browse page frame (spec §2): tabs, search box, heading, the sticky
 * filter panel (large screens) or the 'Filter & Sort' drawer, chips, sort,
 * grid/list toggle, results and pagination. Everything but the drawer,
 * the location box and Near Me is a link or a GET form.
 */
export function BrowseLayout({
  title,
  state,
  facets,
  place,
  pagination,
  categoryLabel,
  children,
  after,
  headingLevel = 1,
}: BrowseLayoutProps) {
  const Heading = headingLevel === 1 ? 'h1' : 'h2';
  const rangeText = itemRangeText(pagination);
  const pathname = browseHref({ ...state, page: 1 }).split('?')[0] as string;
  const params = toSearchParams(state);
  return (
    <div className={`container ${styles.page}`}>
      <BrowseTabs state={state} />
      <BrowseSearchBox state={state} />
      <Heading className={styles.heading}>{state.keyword ? `Search results for “${state.keyword}”` : title}</Heading>
      <div className={styles.body}>
        <aside className={styles.panel} aria-labelledby="filter-panel-title">
          <h2 id="filter-panel-title" className={styles.panelTitle}>
            Filters
          </h2>
          <FilterControls state={state} facets={facets} place={place} idPrefix="panel" />
        </aside>
        <div className={styles.results}>
          <div className={styles.toolbar}>
            <div className={styles.drawerSlot}>
              <FilterDrawer state={state} facets={facets} place={place} />
            </div>
            {rangeText ? <p className={styles.range}>{rangeText}</p> : null}
            <SortMenu state={state} />
            <ViewToggle state={state} />
          </div>
          <FilterChips state={state} facets={facets} place={place} categoryLabel={categoryLabel} />
          {children}
          <div className={styles.pager}>
            <Pagination
              pathname={pathname}
              params={params}
              page={pagination.pageNumber}
              totalPages={pagination.totalPages}
            />
            <PageSizeLinks pathname={pathname} params={params} pageSize={pagination.pageSize} />
          </div>
        </div>
      </div>
      {after}
    </div>
  );
}
