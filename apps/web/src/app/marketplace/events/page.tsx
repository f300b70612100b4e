import type { Metadata } from 'next';
import { redirect } from 'next/navigation';
import styles from '../../../components/browse/browse.module.css';
import { BrowseLayout } from '../../../components/browse/browse-layout';
import { EventCard } from '../../../components/browse/event-card';
import { fetchEventSearch } from '../../../lib/api/browse.server';
import { browseMetadata } from '../../../lib/browse/browse-metadata';
import { canonicalBrowseUrl } from '../../../lib/browse/canonical';
import type { RawSearchParams } from '../../../lib/browse/search-params';
import { parseBrowseState } from '../../../lib/browse/state';
import { EVENTS_PATH } from '../../../lib/routes';

// Read at request time, whatever the page reads first: the build has no API to ask.
export const dynamic = 'force-dynamic';

export async function generateMetadata({
  searchParams,
}: {
  searchParams: Promise<RawSearchParams>;
}): Promise<Metadata> {
  return browseMetadata(await searchParams, 'events');
}

/** /marketplace/events (browse=events): events from the search API with the filters that apply to events. */
export default async function EventsPage({ searchParams }: { searchParams: Promise<RawSearchParams> }) {
  const raw = await searchParams;
  const state = parseBrowseState(raw, 'events');
  const canonical = canonicalBrowseUrl(state, EVENTS_PATH, raw);
  if (canonical) redirect(canonical);
  const { events, pagination } = await fetchEventSearch(state);
  return (
    <BrowseLayout title="Browse events" state={state} place={null} pagination={pagination}>
      {events.length > 0 ? (
        <ul className={state.view === 'list' ? styles.resultList : styles.resultGrid} aria-label="Events">
          {events.map((event) => (
            <li key={event._id}>
              <EventCard event={event} />
            </li>
          ))}
        </ul>
      ) : (
        <p className={styles.empty}>No events match your search.</p>
      )}
    </BrowseLayout>
  );
}
