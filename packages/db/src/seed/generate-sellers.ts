/** Seller companies and their SVG logos. */
import type { companies } from '../schema/index';
import { escapeXml } from './photos';
import { makeId, type Rng } from './random';
import { findPlace, type Place, SELLERS, type SellerSpec } from './reference/index';
import { FEATURED_SELLER_COUNT } from './reference/sellers';
import { DAY_MS, slugify } from './text';

export type CompanyRow = typeof companies.$inferInsert;

export interface Seller {
  row: CompanyRow;
  spec: SellerSpec;
  place: Place;
  currency: 'USD' | 'CAD';
  logoSvg: string;
}

export const logoUrl = (slug: string) => `/files/demo-logos/${slug}.svg`;

export function generateSellers(rng: Rng, seed: number, now: Date): Seller[] {
  return SELLERS.map((spec, i) => {
    const place = findPlace(spec.city, spec.region);
    const label = spec.displayName ?? spec.name;
    const slug = slugify(label);
    const featured = i < FEATURED_SELLER_COUNT;
    const row: CompanyRow = {
      id: makeId('cmp', seed, i),
      slug,
      name: spec.name,
      displayName: spec.displayName,
      logoUrl: logoUrl(slug),
      description: spec.description,
      city: place.city,
      region: place.region,
      country: place.country,
      featured,
      featuredOrder: featured ? i + 1 : null,
      createdAt: new Date(now.getTime() - rng.int(400, 2000) * DAY_MS),
    };
    return { row, spec, place, currency: place.country === 'CA' ? 'CAD' : 'USD', logoSvg: renderLogo(label, i) };
  });
}

const STOP_WORDS = new Set([
  'inc',
  'inc.',
  'llc',
  'ltd',
  'ltd.',
  'co',
  'co.',
  'corp',
  'corp.',
  '&',
  'and',
  'the',
  'of',
]);

export function monogram(label: string): string {
  const words = label.split(/[\s,-]+/).filter((w) => w && !STOP_WORDS.has(w.toLowerCase()) && /^[A-Za-z]/.test(w));
  return words
    .slice(0, 2)
    .map((w) => (w[0] ?? '').toUpperCase())
    .join('');
}

/** HSL (degrees, 0-1, 0-1) to #rrggbb. */
function hsl(h: number, s: number, l: number): string {
  const k = (n: number) => (n + h / 30) % 12;
  const a = s * Math.min(l, 1 - l);
  const f = (n: number) => l - a * Math.max(-1, Math.min(k(n) - 3, Math.min(9 - k(n), 1)));
  return `#${[f(0), f(8), f(4)]
    .map((v) =>
      Math.round(v * 255)
        .toString(16)
        .padStart(2, '0'),
    )
    .join('')}`;
}

/** A monogram tile plus a wordmark; the golden angle spreads the hues so no two sellers share a colour. */
export function renderLogo(label: string, index: number): string {
  const hue = (index * 137.508) % 360;
  // Vary lightness as well as hue so neighbouring hues still look different.
  const main = hsl(hue, 0.62, [0.3, 0.38, 0.46][index % 3] ?? 0.38);
  const light = hsl(hue, 0.7, 0.92);
  const words = label.replace(/,? (LLC|Inc\.|Ltd\.|Corp\.|Co\.)$/, '');
  // Shrink long names to fit the 290 px beside the monogram (~0.58 em per character).
  const fontSize = Math.min(22, Math.floor(290 / (words.length * 0.58)));
  const shape =
    index % 3 === 0
      ? `<rect x="8" y="8" width="84" height="84" rx="18" fill="${main}"/>`
      : index % 3 === 1
        ? `<circle cx="50" cy="50" r="42" fill="${main}"/>`
        : `<polygon points="50,6 94,30 94,70 50,94 6,70 6,30" fill="${main}"/>`;
  return [
    '<svg xmlns="http://www.w3.org/2000/svg" width="400" height="100" viewBox="0 0 400 100">',
    `<title>${escapeXml(label)}</title>`,
    `<rect width="400" height="100" fill="${light}"/>`,
    shape,
    `<text x="50" y="62" font-family="Helvetica, Arial, sans-serif" font-size="34" font-weight="700" text-anchor="middle" fill="#ffffff">${escapeXml(monogram(label))}</text>`,
    `<text x="108" y="60" font-family="Helvetica, Arial, sans-serif" font-size="${fontSize}" font-weight="600" fill="${main}">${escapeXml(words)}</text>`,
    '</svg>',
    '',
  ].join('\n');
}
