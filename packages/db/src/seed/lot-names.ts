/** Listing names and descriptions that read like real industrial listings. */
import type { Leaf, LeafModel } from './generate-catalog';
import type { Rng } from './random';
import { formatCount } from './text';

export function pluralize(noun: string): string {
  if (/(s|x|ch|sh)$/i.test(noun)) return `${noun}es`;
  if (/[^aeiou]y$/i.test(noun)) return `${noun.slice(0, -1)}ies`;
  return `${noun}s`;
}

/**
 * "2016 Haas VF-2SS CNC Vertical Machining Center with 4th Axis Rotary Table",
 * "Toyota 8FGCU25 5,000 lb LPG Forklift, Cushion Tires",
 * "Lot of (12) Dell Latitude 5420 Laptops".
 */
export function lotName(rng: Rng, leaf: Leaf, model: LeafModel, year: number, lotOf: number): string {
  const [brand, modelName, title] = model.spec;
  const base = modelName === 'Assorted' ? `${brand} ${title}` : `${brand} ${modelName} ${title}`;
  if (lotOf > 1 && modelName !== 'Assorted') return `Lot of (${lotOf}) ${brand} ${modelName} ${pluralize(title)}`;
  let name = rng.chance(leaf.profile.year) ? `${year} ${base}` : base;
  if (leaf.profile.suffixes.length > 0 && rng.chance(0.45)) {
    const suffix = rng.pick(leaf.profile.suffixes);
    name += /^(with |\()/.test(suffix) ? ` ${suffix}` : `, ${suffix}`;
  }
  return name;
}

const CONDITIONS = [
  'Removed from service in working condition.',
  'Under power and available for inspection.',
  'Lightly used; well maintained by the original owner.',
  'Powers on; not tested under load.',
  'Sold as is, where is. Buyer to verify condition.',
  'Recently serviced with records available.',
];

const LETTERS = 'ABCDEFGHJKLMNPRSTUVWXYZ';

/** A short, plausible description: condition, a serial or meter reading, and where it sits. */
export function lotDescription(
  rng: Rng,
  leaf: Leaf,
  model: LeafModel,
  year: number,
  place: { city: string; region: string; country: string },
): string {
  const serial = `${rng.pick(LETTERS.split(''))}${rng.pick(LETTERS.split(''))}${rng.int(10_000, 999_999)}`;
  const parts = [rng.pick(CONDITIONS)];
  if (leaf.kind === 'vehicles') {
    const miles = rng.int(8, 420) * 1000 + rng.int(0, 999);
    parts.push(
      place.country === 'CA'
        ? `Odometer reads ${formatCount(miles * 1.609)} km.`
        : `Odometer reads ${formatCount(miles)} miles.`,
    );
  } else if (leaf.profile.heavy || leaf.kind === 'material-handling' || leaf.kind === 'construction') {
    parts.push(`Approximately ${formatCount(rng.int(200, 40_000))} hours on the meter.`);
  }
  if (model.spec[1] !== 'Assorted') parts.push(`Year ${year}, serial number ${serial}.`);
  parts.push(`Category: ${leaf.name}. Located in ${place.city}, ${place.region}.`);
  return parts.join(' ');
}
