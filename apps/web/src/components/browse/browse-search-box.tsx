import { type BrowseState, toSearchParams } from '../../lib/browse/state';
import { browseHref } from '../../lib/routes';
import styles from './browse.module.css';

/**
 * The browse page's search box (spec §2): a GET form that keeps the other
 * filters as hidden fields and drops page and page-size. The page trims the
 * keyword and turns one with a digit into 'ID:' + upper case (state module).
 * It is the page's only search box: the header's is hidden where it stands.
 */
export function BrowseSearchBox({ state }: { state: BrowseState }) {
  const keep = toSearchParams(state);
  for (const key of ['keyword', 'page', 'page-size']) keep.delete(key);
  const action = browseHref({ ...state, keyword: undefined }).split('?')[0];
  return (
    // `data-page-search`: while a page has its own box, the header's steps aside (site-header.module.css).
    <search className={styles.searchBox} data-page-search="">
      <form action={action} method="get" className={styles.searchForm}>
        <label htmlFor="browse-keyword" className="visually-hidden">
          Search these listings
        </label>
        <input
          id="browse-keyword"
          className={styles.input}
          type="search"
          name="keyword"
          placeholder="Search assets..."
          defaultValue={state.keyword ?? ''}
          autoComplete="off"
          enterKeyHint="search"
          maxLength={200}
        />
        {[...keep.entries()].map(([key, value]) => (
          <input key={key} type="hidden" name={key} value={value} />
        ))}
        <button type="submit" className={styles.primaryButton}>
          Search
        </button>
      </form>
    </search>
  );
}
