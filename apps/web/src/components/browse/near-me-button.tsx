'use client';

import { useState } from 'react';
import type { BrowseChange, BrowseState } from '../../lib/browse/state';
import styles from './browse.module.css';
import { useBrowseChange } from './use-browse-change';

export const LOCATION_REFUSED =
  'We could not get your location. Allow location access in your browser to sort by Near Me.';
export const LOCATION_UNAVAILABLE = 'Your browser cannot share its location, so Near Me is not available.';

/** The near-me sort: asks the browser for its position, then sets geo-lat and geo-lon (spec §4). */
export function NearMeButton({
  state,
  selected,
  onChange,
}: {
  state: BrowseState;
  selected: boolean;
  onChange?: ((change: BrowseChange) => void) | undefined;
}) {
  const change = useBrowseChange(state, onChange);
  const [message, setMessage] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  const locate = () => {
    if (!('geolocation' in navigator)) {
      setMessage(LOCATION_UNAVAILABLE);
      return;
    }
    setBusy(true);
    setMessage(null);
    navigator.geolocation.getCurrentPosition(
      (position) => {
        setBusy(false);
        const round = (n: number) => Math.round(n * 10_000) / 10_000;
        change({
          kind: 'sort',
          value: 'near-me',
          coords: { lat: round(position.coords.latitude), lon: round(position.coords.longitude) },
        });
      },
      () => {
        setBusy(false);
        setMessage(LOCATION_REFUSED);
      },
      { timeout: 10_000, maximumAge: 300_000 },
    );
  };

  return (
    <>
      <button
        type="button"
        className={styles.option}
        aria-current={selected ? 'true' : undefined}
        aria-busy={busy}
        onClick={locate}
      >
        Near Me
      </button>
      {message ? (
        <p role="alert" className={styles.error}>
          {message}
        </p>
      ) : null}
    </>
  );
}
