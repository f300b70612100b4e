import styles from './event-page.module.css';

export type EventTab = 'lots' | 'locations';

/**
 * The event's two views, the lots and the Event Locations: links (each view is
 * its own address, server-rendered and shareable), the current one marked.
 */
export function EventTabs({ current, hrefOf }: { current: EventTab; hrefOf: (tab: EventTab) => string }) {
  const tabs: [EventTab, string][] = [
    ['lots', 'Lots'],
    ['locations', 'Event Locations'],
  ];
  return (
    <nav aria-label="Event views" className={`container ${styles.tabs}`}>
      <ul className={styles.tabList}>
        {tabs.map(([tab, label]) => (
          <li key={tab}>
            <a href={hrefOf(tab)} className={styles.tab} aria-current={tab === current ? 'page' : undefined}>
              {label}
            </a>
          </li>
        ))}
      </ul>
    </nav>
  );
}
