import { PLACE_QUERY_MIN_LENGTH, type Place, type PlacesQuery } from '@lotline/contracts';
import { countryMatches, fold, type Gazetteer, type GazetteerPlace, regionMatches } from './gazetteer';

/**
 * Place suggestions: the query's first comma-separated part is a prefix of the
 * place name (any case, accents ignored); a second part narrows by region code
 * or name ('Houston, TX', 'Houston, tex') or by country ('Toronto, Canada'),
 * a third by country ('Houston, TX, US' — the label itself). Without a comma,
 * a last word that is a region code also narrows ('houston tx'), besides the
 * whole text as a name prefix. Exact names come first, then larger places;
 * places with the same label are given once.
 */
export function searchPlaces(gazetteer: Gazetteer, { q, limit }: PlacesQuery): { places: Place[] } {
  if (q.length < PLACE_QUERY_MIN_LENGTH) return { places: [] };
  const [namePart = '', second, third] = q.split(',').map(fold);
  if (namePart === '') return { places: [] };

  const matches = matching(gazetteer, namePart, second, third);
  const lastWord = /^(.+) ([a-z]{2})$/.exec(namePart);
  if (second === undefined && lastWord?.[1] && lastWord[2]) {
    const [, name, code] = lastWord;
    matches.push(...matching(gazetteer, name, code, '').filter((p) => p.region.toLowerCase() === code));
  }
  const exact = (p: GazetteerPlace) => p.key === namePart || p.key === lastWord?.[1];
  matches.sort((a, b) => Number(exact(b)) - Number(exact(a)) || b.population - a.population);

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

/** Places whose name starts with `name`, narrowed by the folded region and country parts when given. */
function matching(gazetteer: Gazetteer, name: string, second?: string, third?: string): GazetteerPlace[] {
  return gazetteer.withPrefix(name).filter((p) => {
    if (third !== undefined && third !== '' && !countryMatches(p, third)) return false;
    if (second === undefined || second === '') return true;
    if (third !== undefined) return regionMatches(p, second);
    return regionMatches(p, second) || countryMatches(p, second);
  });
}

export function publicPlace({ id, name, region, country, lat, lon, label }: GazetteerPlace): Place {
  return { id, name, region, country, lat, lon, label };
}
