'use client';

import type { Place } from '@lotline/contracts';
import {
  PLACE_QUERY_MIN_LENGTH as PLACE_MIN_CHARS,
  PLACE_SUGGESTIONS_DEFAULT as PLACE_SUGGESTIONS,
} from '@lotline/contracts/constants';
import { useEffect, useId, useRef, useState } from 'react';
import type { BrowseChange, BrowseState } from '../../lib/browse/state';
import styles from './browse.module.css';
import { useBrowseChange } from './use-browse-change';

interface LocationFilterProps {
  state: BrowseState;
  place: Place | null;
  onChange?: ((change: BrowseChange) => void) | undefined;
  idPrefix: string;
}

/**
 * The location box: an ARIA 1.2 combobox over GET /marketplace/api/places.
 * Picking a suggestion sets the distance (default 1000mi) and the
 * coordinates; clearing the text clears the coordinates (spec §4).
 */
export function LocationFilter({ state, place, onChange, idPrefix }: LocationFilterProps) {
  const change = useBrowseChange(state, onChange);
  const [text, setText] = useState(place?.label ?? '');
  const [query, setQuery] = useState('');
  const [suggestions, setSuggestions] = useState<Place[]>([]);
  const [open, setOpen] = useState(false);
  const [active, setActive] = useState(-1);
  const [failed, setFailed] = useState(false);
  const [answeredFor, setAnsweredFor] = useState<string | null>(null);
  const listId = useId();
  const inputId = `${idPrefix}-location-input`;
  const hasCoordinates = state.geoLat !== undefined;
  const requestId = useRef(0);

  useEffect(() => setText(place?.label ?? ''), [place]);

  // Suggestions follow what the person types (`query`), never the text filled in from the URL.
  useEffect(() => {
    const q = query.trim();
    if (q.length < PLACE_MIN_CHARS) {
      setSuggestions([]);
      return;
    }
    const id = ++requestId.current;
    const timer = setTimeout(async () => {
      try {
        const response = await fetch(`/marketplace/api/places?q=${encodeURIComponent(q)}&limit=${PLACE_SUGGESTIONS}`, {
          headers: { accept: 'application/json' },
        });
        const body = (await response.json()) as { status?: string; data?: { places?: Place[] } };
        if (id !== requestId.current) return;
        const places = body.status === 'success' ? (body.data?.places ?? []) : [];
        setFailed(!response.ok);
        setAnsweredFor(q);
        setSuggestions(places);
        setActive(-1);
      } catch {
        if (id !== requestId.current) return;
        setFailed(true);
        setAnsweredFor(q);
      }
    }, 200);
    return () => clearTimeout(timer);
  }, [query]);

  const pick = (chosen: Place) => {
    setText(chosen.label);
    setQuery('');
    setOpen(false);
    change({ kind: 'location', place: { lat: chosen.lat, lon: chosen.lon } });
  };

  const expanded = open && query.trim().length >= PLACE_MIN_CHARS && answeredFor !== null;
  const activeOption = active >= 0 ? suggestions[active] : undefined;

  return (
    <div className={styles.combobox}>
      <label htmlFor={inputId} className={styles.fieldLabel}>
        City or postal area
      </label>
      <input
        id={inputId}
        className={styles.input}
        type="text"
        role="combobox"
        aria-expanded={expanded}
        aria-controls={listId}
        aria-autocomplete="list"
        aria-activedescendant={activeOption ? `${listId}-${activeOption.id}` : undefined}
        autoComplete="off"
        placeholder="Type a place"
        value={text}
        onChange={(event) => {
          const value = event.target.value;
          setText(value);
          setQuery(value);
          setOpen(true);
          if (value.trim() === '' && hasCoordinates) change({ kind: 'location', place: null });
        }}
        onKeyDown={(event) => {
          if (event.key === 'ArrowDown' && suggestions.length > 0) {
            event.preventDefault();
            setOpen(true);
            setActive((i) => (i + 1) % suggestions.length);
          } else if (event.key === 'ArrowUp' && suggestions.length > 0) {
            event.preventDefault();
            setActive((i) => (i <= 0 ? suggestions.length - 1 : i - 1));
          } else if (event.key === 'Enter' && activeOption) {
            event.preventDefault();
            pick(activeOption);
          } else if (event.key === 'Escape' && expanded) {
            // Closes the list only; a second Escape reaches the drawer.
            event.preventDefault();
            event.stopPropagation();
            setOpen(false);
          }
        }}
        onBlur={() => setTimeout(() => setOpen(false), 150)}
      />
      <div id={listId} role="listbox" aria-label="Places" className={styles.listbox} hidden={!expanded}>
        {suggestions.map((s, i) => (
          // biome-ignore lint/a11y/useKeyWithClickEvents: the keyboard path is the input's arrow keys and Enter (combobox pattern).
          <div
            key={s.id}
            id={`${listId}-${s.id}`}
            role="option"
            tabIndex={-1}
            aria-selected={i === active}
            className={styles.suggestion}
            onMouseDown={(event) => event.preventDefault()}
            onClick={() => pick(s)}
          >
            {s.label}
          </div>
        ))}
        {expanded && suggestions.length === 0 ? (
          <div role="option" tabIndex={-1} aria-selected={false} aria-disabled="true" className={styles.noSuggestion}>
            {failed ? 'Places could not be loaded. Try again.' : 'No matching places'}
          </div>
        ) : null}
      </div>
    </div>
  );
}
