import type { ReactNode } from 'react';
import { applyChange, type BrowseChange, type BrowseState } from '../../lib/browse/state';
import { browseHref } from '../../lib/routes';
import styles from './browse.module.css';

export interface OptionLinkProps {
  state: BrowseState;
  change: BrowseChange;
  selected?: boolean;
  /** Given in the drawer: the change is staged instead of followed. */
  onChange?: (change: BrowseChange) => void;
  children: ReactNode;
  className?: string;
}

/**
 * One filter choice: a real link to the address with the change applied (so
 * the panel works without JavaScript), or a staged change in the drawer.
 */
export function OptionLink({ state, change, selected = false, onChange, children, className }: OptionLinkProps) {
  return (
    <a
      href={browseHref(applyChange(state, change))}
      className={className ?? styles.option}
      aria-current={selected ? 'true' : undefined}
      onClick={
        onChange
          ? (event) => {
              event.preventDefault();
              onChange(change);
            }
          : undefined
      }
    >
      {children}
    </a>
  );
}
