import styles from '../../../../../components/browse/browse.module.css';
import { BrowseLayout } from '../../../../../components/browse/browse-layout';
import { LotCard } from '../../../../../components/lot-card/lot-card';
import { fetchLotSearch, fetchNearestPlace } from '../../../../../lib/api/browse.server';
import { applyChange, type BrowseState } from '../../../../../lib/browse/state';
import { browseHref } from '../../../../../lib/routes';
import { loadWatchStates } from '../../../../../lib/watchlist/watch-states.server';

/** The first cards' first photos load eagerly (the lot grid's top row on a phone). */
const PRIORITY_CARDS = 2;

/**
 * The event's lots with the browse page's filters, tabs (no Events tab),
 * sort, view toggle and paging, scoped to the event: the same frame and
 * state rules as /marketplace/lots, on the event's own address.
 */
export async function EventLots({ state }: { state: BrowseState }) {
  const [search, place] = await Promise.all([fetchLotSearch(state), fetchNearestPlace(state)]);
  const now = Date.now();
  const watchOf = await loadWatchStates(
    search.lots.map((hit) => hit._id),
    browseHref(state),
  );
  const total = search.pagination.totalItems;
  return (
    <BrowseLayout
      title="Lots in this event"
      headingLevel={2}
      state={state}
      facets={search.facets}
      place={place}
      pagination={search.pagination}
    >
      {search.lots.length > 0 ? (
        <ul className={state.view === 'list' ? styles.resultList : styles.resultGrid} aria-label="Lots">
          {search.lots.map((hit, index) => (
            <li key={hit._id}>
              <LotCard
                eventLot={hit._source}
                view={state.view}
                now={now}
                watch={watchOf(hit._id)}
                priority={index < PRIORITY_CARDS}
              />
            </li>
          ))}
        </ul>
      ) : (
        <p className={styles.empty}>
          {total === 0 ? (
            <>
              No lots of this event match these filters.{' '}
              {state.status === 'past' ? (
                <a href={browseHref(applyChange(state, { kind: 'clear-all' }))}>Show all lots of this event</a>
              ) : (
                // An event that has ended has only past lots, which the default view leaves out.
                <a href={browseHref(applyChange(state, { kind: 'status', value: 'past' }))}>
                  Show the event's past lots
                </a>
              )}
            </>
          ) : (
            <>
              There are no lots on page {state.page}.{' '}
              <a href={browseHref(applyChange(state, { kind: 'page', page: 1 }))}>Go to the first page</a>
            </>
          )}
        </p>
      )}
    </BrowseLayout>
  );
}
