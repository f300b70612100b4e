import { applyChange, type BrowseState, type BrowseView } from '../../lib/browse/state';
import { browseHref } from '../../lib/routes';
import styles from './browse.module.css';

const VIEWS: { view: BrowseView; label: string; icon: string }[] = [
  { view: 'grid', label: 'Grid view', icon: 'M4 4h7v7H4zM13 4h7v7h-7zM4 13h7v7H4zM13 13h7v7h-7z' },
  { view: 'list', label: 'List view', icon: 'M4 5h16v3H4zM4 10.5h16v3H4zM4 16h16v3H4z' },
];

/** Grid/list display toggle (spec §2), shown from the small breakpoint up; `view=list` in the URL. */
export function ViewToggle({ state }: { state: BrowseState }) {
  return (
    <ul className={styles.viewToggle} aria-label="Display">
      {VIEWS.map(({ view, label, icon }) => (
        <li key={view}>
          <a
            href={browseHref(applyChange(state, { kind: 'view', view }))}
            className={styles.viewLink}
            aria-current={state.view === view ? 'true' : undefined}
          >
            <svg width="20" height="20" viewBox="0 0 24 24" aria-hidden="true" focusable="false">
              <path d={icon} fill="currentColor" />
            </svg>
            <span className="visually-hidden">{label}</span>
          </a>
        </li>
      ))}
    </ul>
  );
}
