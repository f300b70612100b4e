'use client';

import { useRouter } from 'next/navigation';
import { useCallback } from 'react';
import { applyChange, type BrowseChange, type BrowseState } from '../../lib/browse/state';
import { browseHref } from '../../lib/routes';

/** Follows a change at once (the panel); the drawer passes its own staging callback instead. */
export function useBrowseChange(
  state: BrowseState,
  onChange?: (change: BrowseChange) => void,
): (change: BrowseChange) => void {
  const router = useRouter();
  return useCallback(
    (change: BrowseChange) => {
      if (onChange) onChange(change);
      else router.push(browseHref(applyChange(state, change)));
    },
    [onChange, router, state],
  );
}
