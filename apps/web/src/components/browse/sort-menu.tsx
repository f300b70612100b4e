import { SORT_LABELS } from '../../lib/browse/labels';
import { type BrowseChange, type BrowseState, effectiveSort, sortOptions } from '../../lib/browse/state';
import styles from './browse.module.css';
import { NearMeButton } from './near-me-button';
import { OptionLink } from './option-link';

/**
 * 'Sort: ...' dropdown (spec §2): a disclosure of links, so it works without
 * JavaScript; only Near Me needs the browser (its location).
 */
export function SortMenu({ state, onChange }: { state: BrowseState; onChange?: (change: BrowseChange) => void }) {
  const current = effectiveSort(state);
  return (
    <details className={styles.sortMenu}>
      <summary className={styles.sortSummary}>{`Sort: ${SORT_LABELS[current]}`}</summary>
      <ul className={styles.sortList} aria-label="Sort options">
        {sortOptions(state).map((value) => (
          <li key={value}>
            {value === 'near-me' ? (
              <NearMeButton state={state} selected={current === value} onChange={onChange} />
            ) : (
              <OptionLink
                state={state}
                change={{ kind: 'sort', value }}
                selected={current === value}
                onChange={onChange}
              >
                {SORT_LABELS[value]}
              </OptionLink>
            )}
          </li>
        ))}
      </ul>
    </details>
  );
}
