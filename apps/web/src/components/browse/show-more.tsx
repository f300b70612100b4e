'use client';

import { type ReactNode, useState } from 'react';
import styles from './browse.module.css';

/** Spec §2/§9: filter lists show 8 items, 'Show More (n)' expands the rest. */
export const FILTER_LIST_SIZE = 8;

export function ShowMoreList({ items, label }: { items: ReactNode[]; label: string }) {
  const [expanded, setExpanded] = useState(false);
  const hidden = items.length - FILTER_LIST_SIZE;
  const shown = expanded || hidden <= 0 ? items : items.slice(0, FILTER_LIST_SIZE);
  return (
    <>
      <ul className={styles.options} aria-label={label}>
        {shown}
      </ul>
      {hidden > 0 && !expanded ? (
        <button type="button" className={styles.showMore} onClick={() => setExpanded(true)}>
          {`Show More (${hidden})`}
        </button>
      ) : null}
    </>
  );
}
