import { LOTS_PATH } from '../../lib/routes';
import styles from './site-header.module.css';

/**
 * A plain GET form: it works without JavaScript and lands on the browse page
 * with `?keyword=…`, where the search rules of spec §2 are applied.
 */
export function SearchForm() {
  return (
    <search className={styles.search}>
      <form action={LOTS_PATH} method="get" className={styles.searchForm}>
        <label htmlFor="site-search" className="visually-hidden">
          Search assets
        </label>
        <input
          id="site-search"
          className={styles.searchInput}
          type="search"
          name="keyword"
          placeholder="Search assets..."
          autoComplete="off"
          enterKeyHint="search"
          maxLength={200}
        />
        <button type="submit" className={styles.searchButton}>
          <svg width="20" height="20" viewBox="0 0 24 24" aria-hidden="true" focusable="false">
            <circle cx="10.5" cy="10.5" r="6.5" fill="none" stroke="currentColor" strokeWidth="2.5" />
            <path d="m15.5 15.5 5 5" stroke="currentColor" strokeWidth="2.5" strokeLinecap="round" />
          </svg>
          <span className={styles.searchButtonText}>Search</span>
        </button>
      </form>
    </search>
  );
}
