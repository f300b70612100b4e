import { TAB_LABELS } from '../../lib/browse/labels';
import { activeTab, applyChange, type BrowseState, visibleTabs } from '../../lib/browse/state';
import { browseHref } from '../../lib/routes';
import styles from './browse.module.css';

/** All, Auction Lots, Buy Now, Tender, Events (spec §2): links carrying every tab rule. */
export function BrowseTabs({ state }: { state: BrowseState }) {
  const current = activeTab(state);
  return (
    <nav aria-label="Browse" className={styles.tabs}>
      <ul className={styles.tabList}>
        {visibleTabs(state).map((tab) => (
          <li key={tab}>
            <a
              href={browseHref(applyChange(state, { kind: 'tab', tab }))}
              className={styles.tab}
              aria-current={tab === current ? 'page' : undefined}
            >
              {TAB_LABELS[tab]}
            </a>
          </li>
        ))}
      </ul>
    </nav>
  );
}
