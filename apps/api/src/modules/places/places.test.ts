import { errorEnvelope, nearestPlaceResponse, placesResponse, successEnvelope } from '@lotline/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp, url } from '../../test/app';
import { fold, Gazetteer, shippedGazetteer } from './gazetteer';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

async function places(params: Record<string, string>) {
  const res = await t.app.inject({ method: 'GET', url: url('/marketplace/api/places', params) });
  expect(res.statusCode, res.body).toBe(200);
  return successEnvelope(placesResponse).parse(res.json()).data.places;
}

async function nearest(params: Record<string, string>) {
  const res = await t.app.inject({ method: 'GET', url: url('/marketplace/api/places/nearest', params) });
  expect(res.statusCode, res.body).toBe(200);
  return successEnvelope(nearestPlaceResponse).parse(res.json()).data.place;
}

async function rejected(path: string, params: Record<string, string | undefined>) {
  const res = await t.app.inject({ method: 'GET', url: url(path, params) });
  expect(res.statusCode, res.body).toBe(400);
  return errorEnvelope.parse(res.json()).errors;
}

const labels = (list: { label: string }[]) => list.map((p) => p.label);

describe('GET /marketplace/api/places', () => {
  it('suggests places by name prefix, largest first, with the label and coordinates', async () => {
    const list = await places({ q: 'Hous' });
    expect(list).toHaveLength(8);
    expect(list[0]).toEqual({
      id: '4699066',
      name: 'Houston',
      region: 'TX',
      country: 'US',
      lat: expect.closeTo(29.763, 2),
      lon: expect.closeTo(-95.363, 2),
      label: 'Houston, TX, US',
    });
    for (const p of list) expect(fold(p.name).startsWith('hous')).toBe(true);
    const pops = list.map((p) => shippedGazetteer().places.find((g) => g.id === p.id)?.population ?? -1);
    expect(pops).toEqual([...pops].sort((a, b) => b - a));
  });

  it('labels Canadian places with the province code and CA', async () => {
    expect((await places({ q: 'Toronto' }))[0]?.label).toBe('Toronto, ON, CA');
  });

  it('ignores case and accents on both sides', async () => {
    expect(labels(await places({ q: 'montreal', limit: '1' }))).toEqual(['Montréal, QC, CA']);
    expect(labels(await places({ q: 'MONTRÉAL', limit: '1' }))).toEqual(['Montréal, QC, CA']);
    expect(labels(await places({ q: 'BAIE-D’URFE' }))).toEqual(["Baie-D'Urfé, QC, CA"]);
  });

  it('ranks an exact name before longer names of larger places', async () => {
    // Yorkton (SK) and others are smaller than New York City, but 'York' matches only prefixes of the name.
    const list = await places({ q: 'york' });
    expect(list[0]?.name).toBe('York');
    expect(list.findIndex((p) => p.name !== 'York')).toBeGreaterThan(0);
    expect(list.some((p) => p.name === 'New York City')).toBe(false);
  });

  it("narrows 'City, ST' by region code or name, and 'City, ST, CC' by country", async () => {
    expect(labels(await places({ q: 'Houston, TX' }))).toEqual(['Houston, TX, US']);
    expect(labels(await places({ q: 'houston, tex' }))).toEqual(['Houston, TX, US']);
    expect(labels(await places({ q: 'Houston, TX, US' }))).toEqual(['Houston, TX, US']);
    expect(labels(await places({ q: 'Houston, TX, CA' }))).toEqual([]);
    const springfields = await places({ q: 'Springfield, m', limit: '10' });
    expect(springfields.length).toBeGreaterThan(1);
    for (const p of springfields) expect(['MA', 'MO', 'MI', 'MN', 'MD', 'ME', 'MS', 'MT', 'MB']).toContain(p.region);
    expect(labels(await places({ q: 'London, Ontario' }))).toEqual(['London, ON, CA']);
    expect((await places({ q: 'London, Canada' })).every((p) => p.country === 'CA')).toBe(true);
  });

  it('trims q, answers an empty list below two characters and honours limit', async () => {
    expect(await places({ q: '  H ' })).toEqual([]);
    expect(await places({ q: '' })).toEqual([]);
    expect(await places({ q: ', TX' })).toEqual([]);
    expect(await places({ q: 'zzqx' })).toEqual([]);
    expect(labels(await places({ q: '  houston, tx  ' }))).toEqual(['Houston, TX, US']);
    expect(await places({ q: 'San', limit: '10' })).toHaveLength(10);
    expect(await places({ q: 'San', limit: '1' })).toHaveLength(1);
  });

  it('gives each label once', async () => {
    const list = await places({ q: 'Spring', limit: '10' });
    expect(new Set(labels(list)).size).toBe(list.length);
  });

  it('answers 400 VALIDATION_FAILED for a missing q, a bad limit or an unknown parameter', async () => {
    for (const params of [
      {},
      { limit: '5' },
      { q: 'Houston', limit: '0' },
      { q: 'Houston', limit: '11' },
      { q: 'Houston', limit: '2.5' },
      { q: 'Houston', limit: 'many' },
      { q: 'Houston', limit: '' },
      { q: 'x'.repeat(201) },
      { q: 'Houston', near: 'me' },
    ]) {
      const errors = await rejected('/marketplace/api/places', params);
      expect(errors[0]?.code, JSON.stringify(params)).toBe('VALIDATION_FAILED');
    }
    expect((await rejected('/marketplace/api/places', { limit: '5' }))[0]?.field).toBe('q');
  });
});

describe('GET /marketplace/api/places/nearest', () => {
  it('finds the closest place to a point', async () => {
    // Downtown Houston.
    expect((await nearest({ lat: '29.76', lon: '-95.37' }))?.label).toBe('Houston, TX, US');
    // Downtown Toronto.
    expect((await nearest({ lat: '43.70', lon: '-79.42' }))?.label).toBe('Toronto, ON, CA');
  });

  it('answers null beyond 50 km of every place', async () => {
    // Mid-Atlantic, and the North Pole.
    expect(await nearest({ lat: '35', lon: '-40' })).toBeNull();
    expect(await nearest({ lat: '90', lon: '0' })).toBeNull();
  });

  it('answers 400 VALIDATION_FAILED for missing or out-of-range coordinates', async () => {
    for (const params of [
      {},
      { lat: '29.7' },
      { lon: '-95.3' },
      { lat: '91', lon: '0' },
      { lat: '-90.5', lon: '0' },
      { lat: '0', lon: '181' },
      { lat: '0', lon: '-180.1' },
      { lat: 'north', lon: '0' },
      { lat: '', lon: '0' },
      { lat: '0', lon: '0', radius: '5' },
    ]) {
      const errors = await rejected('/marketplace/api/places/nearest', params);
      expect(errors[0]?.code, JSON.stringify(params)).toBe('VALIDATION_FAILED');
    }
  });
});

describe('Gazetteer', () => {
  it('ships US and Canadian places with two-letter regions and real coordinates', () => {
    const g = shippedGazetteer();
    expect(g.places.length).toBeGreaterThan(15_000);
    const odd = g.places.filter(
      (p) => !/^[A-Z]{2}$/.test(p.region) || !(p.lat > 18 && p.lat < 84) || !(p.lon > -180 && p.lon < -50),
    );
    expect(odd.map((p) => p.label)).toEqual([]);
    expect(new Set(g.places.filter((p) => p.country === 'CA').map((p) => p.region)).size).toBe(13);
  });

  it('refuses a malformed file', () => {
    expect(() => Gazetteer.parse('1\tNowhere\tTX\tMX\t1\t2\t3\n')).toThrow(/Malformed/);
  });
});
