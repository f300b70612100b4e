import { readFileSync } from 'node:fs';
import { gunzipSync } from 'node:zlib';
import { CANADIAN_PROVINCES, type Country, NEAREST_PLACE_MAX_KM, type Place, US_STATES } from '@lotline/contracts';

/**
 * The shipped gazetteer (gazetteer.tsv.gz, built by scripts/build-gazetteer.mjs
 * from GeoNames; decision 0013), held in memory: about 17,700 US and Canadian
 * places, a name index sorted by folded name for prefix lookups, and the rows
 * in population order for the nearest-place scan. Loaded once per process.
 */

export interface GazetteerPlace extends Place {
  population: number;
  /** The name folded for matching (see `fold`). */
  key: string;
}

const REGION_NAMES = new Map<string, string>([...US_STATES, ...CANADIAN_PROVINCES]);
const COUNTRY_NAMES: Record<Country, string> = { US: 'united states', CA: 'canada' };

/**
 * Case- and accent-insensitive form used on both sides of a match: 'Baie-D'Urfé'
 * and "baie d'urfe" both become 'baie durfe'; 'St. Louis' becomes 'st louis'.
 */
export function fold(text: string): string {
  return text
    .normalize('NFD')
    .replace(/\p{M}+/gu, '')
    .toLowerCase()
    .replace(/['’.]/g, '')
    .replace(/[^\p{L}\p{N}]+/gu, ' ')
    .trim();
}

export class Gazetteer {
  /** In population order, largest first (the file's order). */
  readonly places: readonly GazetteerPlace[];
  /** The same places sorted by `key`, for binary search on a prefix. */
  private readonly byKey: readonly GazetteerPlace[];
  /** And by latitude, for the band the nearest-place search scans. */
  private readonly byLat: readonly GazetteerPlace[];

  constructor(places: GazetteerPlace[]) {
    this.places = places;
    this.byKey = [...places].sort((a, b) => (a.key < b.key ? -1 : a.key > b.key ? 1 : 0));
    this.byLat = [...places].sort((a, b) => a.lat - b.lat);
  }

  static parse(tsv: string): Gazetteer {
    const places: GazetteerPlace[] = [];
    for (const line of tsv.split('\n')) {
      if (line === '') continue;
      const [id, name, region, country, lat, lon, population] = line.split('\t');
      if (!id || !name || !region || (country !== 'US' && country !== 'CA') || population === undefined) {
        throw new Error(`Malformed gazetteer line: ${JSON.stringify(line)}`);
      }
      places.push({
        id,
        name,
        region,
        country,
        lat: Number(lat),
        lon: Number(lon),
        label: `${name}, ${region}, ${country}`,
        population: Number(population),
        key: fold(name),
      });
    }
    return new Gazetteer(places);
  }

  /** Places whose folded name starts with `prefix` (already folded), in name order. */
  withPrefix(prefix: string): GazetteerPlace[] {
    const rows = this.byKey;
    const out: GazetteerPlace[] = [];
    for (
      let i = firstIndex(rows, (p) => p.key < prefix);
      i < rows.length && (rows[i] as GazetteerPlace).key.startsWith(prefix);
      i++
    ) {
      out.push(rows[i] as GazetteerPlace);
    }
    return out;
  }

  /** The closest place to a point within `maxKm`, or null. */
  nearest(lat: number, lon: number, maxKm = NEAREST_PLACE_MAX_KM): GazetteerPlace | null {
    let best: GazetteerPlace | null = null;
    let bestKm = maxKm;
    // One degree of latitude is about 111 km everywhere: only the band within maxKm north and south is measured.
    const latSpan = maxKm / 111;
    const rows = this.byLat;
    for (let i = firstIndex(rows, (p) => p.lat < lat - latSpan); i < rows.length; i++) {
      const p = rows[i] as GazetteerPlace;
      if (p.lat > lat + latSpan) break;
      const km = distanceKm(lat, lon, p.lat, p.lon);
      if (km <= bestKm) {
        best = p;
        bestKm = km;
      }
    }
    return best;
  }
}

/** The first index of a sorted list at which `before` stops holding (binary search). */
function firstIndex<T>(rows: readonly T[], before: (row: T) => boolean): number {
  let lo = 0;
  let hi = rows.length;
  while (lo < hi) {
    const mid = (lo + hi) >>> 1;
    if (before(rows[mid] as T)) lo = mid + 1;
    else hi = mid;
  }
  return lo;
}

/** Great-circle distance (haversine, mean Earth radius). */
export function distanceKm(lat1: number, lon1: number, lat2: number, lon2: number): number {
  const rad = Math.PI / 180;
  const dLat = (lat2 - lat1) * rad;
  const dLon = (lon2 - lon1) * rad;
  const a = Math.sin(dLat / 2) ** 2 + Math.cos(lat1 * rad) * Math.cos(lat2 * rad) * Math.sin(dLon / 2) ** 2;
  return 2 * 6371.0088 * Math.asin(Math.min(1, Math.sqrt(a)));
}

/** Whether a folded region part ('tx', 'tex', 'ontario') names the place's region. */
export function regionMatches(p: Place, foldedRegion: string): boolean {
  if (p.region.toLowerCase() === foldedRegion) return true;
  const name = REGION_NAMES.get(p.region);
  return name !== undefined && fold(name).startsWith(foldedRegion);
}

/** Whether a folded country part ('us', 'ca', 'united', 'canada') names the place's country. */
export function countryMatches(p: Place, foldedCountry: string): boolean {
  return p.country.toLowerCase() === foldedCountry || COUNTRY_NAMES[p.country].startsWith(foldedCountry);
}

export const GAZETTEER_FILE = new URL('./gazetteer.tsv.gz', import.meta.url);

let loaded: Gazetteer | undefined;

/** The shipped gazetteer, read and indexed on first use (buildApp calls it at start). */
export function shippedGazetteer(): Gazetteer {
  loaded ??= Gazetteer.parse(gunzipSync(readFileSync(GAZETTEER_FILE)).toString('utf8'));
  return loaded;
}
