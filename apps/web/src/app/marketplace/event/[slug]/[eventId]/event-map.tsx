'use client';

import type { Map as LeafletMap, Marker } from 'leaflet';
import { useEffect, useRef, useState } from 'react';
import { loadWithRetry } from '../../../../../lib/events/map-retry';
import styles from './event-page.module.css';

export interface MapLocation {
  id: string;
  city: string;
  region: string;
  /** The country's name. */
  country: string;
  /** Formatted, e.g. "8.25%". */
  taxRate: string;
  lat: number;
  lon: number;
}

/** Spec §9 (map): fit bounds with padding 100, zoom 7 for one location, minimum zoom 3. */
const FIT_PADDING = 100;
const SINGLE_ZOOM = 7;
const MIN_ZOOM = 3;

type LoadState = 'loading' | 'retrying' | 'ready' | 'failed';

const sleep = (ms: number) => new Promise<void>((resolve) => window.setTimeout(resolve, ms));

/** The map code and its stylesheet, loaded on first showing (they are not in the page's bundle). */
const loadLeaflet = () =>
  Promise.all([import('leaflet'), import('leaflet/dist/leaflet.css')]).then(([leaflet]) => leaflet.default);

/**
 * The Event Locations map (spec §2): one marker per location at its geo
 * point, a tooltip with city, region, country and 'Tax Rate'. Leaflet is
 * loaded when the map is first shown and retried as spec §8 says; after the
 * last failure the map says so (the list below still has every location).
 * Without a tile address (MAP_TILE_URL) the markers sit on a plain background.
 */
export function EventMap({
  locations,
  tiles,
}: {
  locations: MapLocation[];
  tiles: { url: string; attribution: string } | null;
}) {
  const container = useRef<HTMLElement>(null);
  const [state, setState] = useState<LoadState>('loading');
  const [attempt, setAttempt] = useState(0);
  /** Loads of the map code started since the last "try again" (shown as data-attempts). */
  const [loads, setLoads] = useState(0);

  useEffect(() => {
    let map: LeafletMap | undefined;
    let cancelled = false;
    // `attempt` changes when the person asks to try again.
    void attempt;
    setState('loading');
    setLoads(0);
    const load = () => {
      setLoads((n) => n + 1);
      return loadLeaflet();
    };
    const wait = async (ms: number) => {
      setState('retrying');
      await sleep(ms);
      setState('loading');
    };
    loadWithRetry(load, wait)
      .then((L) => {
        const element = container.current;
        if (cancelled || !element) return;
        map = L.map(element, { minZoom: MIN_ZOOM, scrollWheelZoom: false, attributionControl: tiles !== null });
        if (tiles) L.tileLayer(tiles.url, { minZoom: MIN_ZOOM, attribution: escapeHtml(tiles.attribution) }).addTo(map);
        const points: [number, number][] = [];
        const named: [Marker, string][] = [];
        for (const l of locations) {
          const name = `${l.city}, ${l.region}, ${l.country}`;
          const marker = L.marker([l.lat, l.lon], {
            icon: L.divIcon({ className: styles.marker ?? '', iconSize: [20, 20] }),
            title: name,
            alt: name,
            keyboard: true,
          });
          marker.bindTooltip(tooltipOf(l));
          marker.addTo(map);
          named.push([marker, `${name}, Tax Rate ${l.taxRate}`]);
          points.push([l.lat, l.lon]);
        }
        const [first] = points;
        if (points.length === 1 && first) map.setView(first, SINGLE_ZOOM);
        else map.fitBounds(L.latLngBounds(points), { padding: [FIT_PADDING, FIT_PADDING] });
        // The marker elements exist once the map has a view.
        for (const [marker, label] of named) marker.getElement()?.setAttribute('aria-label', label);
        setState('ready');
      })
      .catch((error: unknown) => {
        console.error('[event-map] the map code did not load', error);
        if (!cancelled) setState('failed');
      });
    return () => {
      cancelled = true;
      map?.remove();
    };
  }, [locations, tiles, attempt]);

  return (
    <figure className={styles.mapFigure}>
      <section
        ref={container}
        className={styles.map}
        aria-label="Map of the event locations"
        data-state={state}
        data-attempts={loads}
        hidden={state === 'failed'}
      />
      <figcaption className={styles.mapCaption} aria-live="polite">
        {state === 'loading' || state === 'retrying' ? 'Loading the map…' : null}
        {state === 'ready' && !tiles
          ? 'Map tiles are not configured, so the locations are shown on a plain background.'
          : null}
        {state === 'failed' ? (
          <>
            <span role="alert">The map could not be loaded. Every location is listed below.</span>{' '}
            <button type="button" className={styles.retry} onClick={() => setAttempt((n) => n + 1)}>
              Try loading the map again
            </button>
          </>
        ) : null}
      </figcaption>
    </figure>
  );
}

/** Tooltip content as DOM nodes (text only, so no location text is read as HTML). */
function tooltipOf(l: MapLocation): HTMLElement {
  const box = document.createElement('div');
  const place = document.createElement('strong');
  place.textContent = `${l.city}, ${l.region}, ${l.country}`;
  const tax = document.createElement('div');
  tax.textContent = `Tax Rate: ${l.taxRate}`;
  box.append(place, tax);
  return box;
}

const escapeHtml = (text: string) =>
  text.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c] ?? c);
