'use client';

import type { LotFacets, Place } from '@lotline/contracts';
import { useRouter } from 'next/navigation';
import { useRef, useState } from 'react';
import { activeFilterCount, applyChange, type BrowseChange, type BrowseState, browseUrl } from '../../lib/browse/state';
import styles from './browse.module.css';
import { FilterControls } from './filter-controls';

/**
 * 'Filter & Sort' button and its right-hand drawer (spec §2, §4): changes are
 * staged until 'Apply filters'. A modal <dialog> keeps focus inside and closes
 * on Escape; focus goes back to the button.
 */
export function FilterDrawer({
  state,
  facets,
  place,
}: {
  state: BrowseState;
  facets?: LotFacets | undefined;
  place: Place | null;
}) {
  const router = useRouter();
  const dialog = useRef<HTMLDialogElement>(null);
  const opener = useRef<HTMLButtonElement>(null);
  const [staged, setStaged] = useState(state);
  const count = activeFilterCount(state);

  const open = () => {
    setStaged(state);
    dialog.current?.showModal();
  };
  const close = () => dialog.current?.close();
  const stage = (change: BrowseChange) => setStaged((current) => applyChange(current, change));

  return (
    <>
      <button ref={opener} type="button" className={styles.filterButton} aria-haspopup="dialog" onClick={open}>
        Filter &amp; Sort
        {count > 0 ? (
          <span className={styles.badge}>
            <span className="visually-hidden">, active filters: </span>
            {count}
          </span>
        ) : null}
      </button>
      <dialog
        ref={dialog}
        className={styles.drawer}
        aria-labelledby="filter-drawer-title"
        onClose={() => opener.current?.focus()}
      >
        <div className={styles.drawerHeader}>
          <h2 id="filter-drawer-title" className={styles.drawerTitle}>
            Filters &amp; Sort
          </h2>
          <button type="button" className={styles.closeButton} onClick={close} aria-label="Close filters">
            ×
          </button>
        </div>
        <div className={styles.drawerBody}>
          <FilterControls state={staged} facets={facets} place={place} onChange={stage} withSort idPrefix="drawer" />
        </div>
        <div className={styles.drawerFooter}>
          <button type="button" className={styles.secondaryButton} onClick={() => stage({ kind: 'clear-all' })}>
            Clear All
          </button>
          <button
            type="button"
            className={styles.primaryButton}
            onClick={() => {
              close();
              router.push(browseUrl(staged));
            }}
          >
            Apply filters
          </button>
        </div>
      </dialog>
    </>
  );
}
