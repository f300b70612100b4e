'use client';

import type { LotFacets, Place } from '@lotline/contracts';
import { useRouter } from 'next/navigation';
import { useEffect, useRef, useState } from 'react';
import { activeFilterCount, applyChange, type BrowseChange, type BrowseState } from '../../lib/browse/state';
import { browseHref } from '../../lib/routes';
import styles from './browse.module.css';
import { FilterControls } from './filter-controls';

/**
 * 'Filter & Sort' button and its right-hand drawer (spec §2, §4): changes are
 * staged until 'Apply filters'. A modal <dialog> keeps focus inside and closes
 * on Escape; focus goes back to the button. Its filters are rendered on first
 * opening, not on the server: a phone page does not carry (nor hydrate) a
 * second copy of the whole filter panel that most visitors never open.
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
  const [rendered, setRendered] = useState(false);
  const count = activeFilterCount(state);

  // The first opening renders the filters, then shows the dialog once they are in it.
  useEffect(() => {
    if (rendered && !dialog.current?.open) dialog.current?.showModal();
  }, [rendered]);

  const open = () => {
    setStaged(state);
    if (rendered) dialog.current?.showModal();
    else setRendered(true);
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
          {rendered ? (
            <FilterControls state={staged} facets={facets} place={place} onChange={stage} withSort idPrefix="drawer" />
          ) : null}
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
              router.push(browseHref(staged));
            }}
          >
            Apply filters
          </button>
        </div>
      </dialog>
    </>
  );
}
