import { PLACE_QUERY_MIN_LENGTH, type Place, type PlacesQuery } from '@lotline/contracts';
import { countryMatches, fold, type Gazetteer, type GazetteerPlace, regionMatches } from './gazetteer';

/**
 * Place suggestions: the query's first comma-separated part is a prefix of the
 * place name (any case, accents ignored); a second part narrows by region code
 * or name ('Houston, TX', 'Houston, tex') or by country ('Toronto, Canada'),
 * a third by country ('Houston, TX, US' — the label itself). Exact names come
 * first, then larger places; places with the same label are given once.
 */
export function searchPlaces(gazetteer: Gazetteer, { q, limit }: PlacesQuery): { places: Place[] } {
  if (q.length < PLACE_QUERY_MIN_LENGTH) return { places: [] };
  const [namePart = '', second, third] = q.split(',').map(fold);
  if (namePart === '') return { places: [] };

  const matches = gazetteer.withPrefix(namePart).filter((p) => {
    if (third !== undefined && third !== '' && !countryMatches(p, third)) return false;
    if (second === undefined || second === '') return true;
    if (third !== undefined) return regionMatches(p, second);
    return regionMatches(p, second) || countryMatches(p, second);
  });
  matches.sort((a, b) => Number(b.key === namePart) - Number(a.key === namePart) || b.population - a.population);

  const seen = new Set<string>();
  const places: Place[] = [];
  for (const p of matches) {
    if (seen.has(p.label)) continue;
    seen.add(p.label);
    places.push(publicPlace(p));
    if (places.length === limit) break;
  }
  return { places };
}

export function publicPlace({ id, name, region, country, lat, lon, label }: GazetteerPlace): Place {
  return { id, name, region, country, lat, lon, label };
}
