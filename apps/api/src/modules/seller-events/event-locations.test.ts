import { dispositionLocations } from '@lotline/db/schema';
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import type { TestApp } from '../../test/app';
import {
  api,
  type Caller,
  codes,
  createDraft,
  eventPath,
  houston,
  type SellerScene,
  withSellerScene,
} from './test-helpers';

let t: TestApp;
let s: SellerScene;
withSellerScene((app, scene) => {
  t = app;
  s = scene;
});

const locationsOf = (eventId: string) =>
  t.db.select().from(dispositionLocations).where(eq(dispositionLocations.eventId, eventId));
const locations = (id: string) => `${eventPath(id)}/locations`;

describe('event locations', () => {
  it('adds two, shows them on the event, removes one', async () => {
    const draft = await createDraft(t, s.seller, s.company.id);
    const first = await api.post(t, s.seller, locations(draft._id), houston);
    expect(first.statusCode, first.body).toBe(201);
    expect(first.json().data).toEqual({ _id: expect.any(String), ...houston });
    const toronto = { city: 'Toronto', region: 'ON', country: 'CA', taxRate: 13, lat: 43.65, lon: -79.38 };
    // Three decimals, though 1.001 * 1000 is not a whole number in floating point.
    const second = await api.post(t, s.seller, locations(draft._id), { ...toronto, taxRate: 1.001 });
    expect(second.statusCode).toBe(201);
    const read = await api.get(t, s.seller, eventPath(draft._id));
    expect(read.json().data.locations.map((l: { city: string }) => l.city)).toEqual(['Houston', 'Toronto']);
    const removed = await api.delete(t, s.seller, `${locations(draft._id)}/${first.json().data._id}`);
    expect(removed.statusCode, removed.body).toBe(200);
    expect((await locationsOf(draft._id)).map((l) => l.city)).toEqual(['Toronto']);
  });

  it.each([
    ['an unknown region', { region: 'XX' }, 'region'],
    ['a negative tax rate', { taxRate: -1 }, 'taxRate'],
    ['a tax rate with four decimals', { taxRate: 1.0001 }, 'taxRate'],
    ['a latitude off the globe', { lat: 91 }, 'lat'],
    ['an empty city', { city: '' }, 'city'],
  ])('refuses %s with 400 naming the field, and adds nothing', async (_what, overrides, field) => {
    const draft = await createDraft(t, s.seller, s.company.id);
    const res = await api.post(t, s.seller, locations(draft._id), { ...houston, ...overrides });
    expect(res.statusCode).toBe(400);
    expect(codes(res)).toContain(`VALIDATION_FAILED ${field}`);
    expect(await locationsOf(draft._id)).toEqual([]);
  });

  it('409 while a lot of the event is there; 404 for another event’s location', async () => {
    const draft = await createDraft(t, s.seller, s.company.id);
    const locationId = (await api.post(t, s.seller, locations(draft._id), houston)).json().data._id;
    await t.make.lot({ companyId: s.company.id, eventId: draft._id, number: '12', dispositionLocationId: locationId });
    const res = await api.delete(t, s.seller, `${locations(draft._id)}/${locationId}`);
    expect([res.statusCode, codes(res)[0]]).toEqual([409, 'CONFLICT locationId']);
    expect(res.json().errors[0].message).toBe('Lot 12 is at this location: move its lots elsewhere first.');
    const other = await createDraft(t, s.seller, s.company.id);
    expect((await api.delete(t, s.seller, `${locations(other._id)}/${locationId}`)).statusCode).toBe(404);
    expect((await api.post(t, s.seller, locations('ev_unknown'), houston)).statusCode).toBe(404);
    expect(await locationsOf(draft._id)).toHaveLength(1);
  });

  it.each<[string, () => Caller, number]>([
    ['a visitor', () => null, 401],
    ['another company’s seller', () => s.other, 403],
    ['a buyer', () => s.buyer, 403],
  ])('refuses %s (add and remove) and changes nothing', async (_who, who, status) => {
    const draft = await createDraft(t, s.seller, s.company.id);
    const locationId = (await api.post(t, s.seller, locations(draft._id), houston)).json().data._id;
    expect((await api.post(t, who(), locations(draft._id), houston)).statusCode).toBe(status);
    expect((await api.delete(t, who(), `${locations(draft._id)}/${locationId}`)).statusCode).toBe(status);
    expect((await locationsOf(draft._id)).map((l) => l.id)).toEqual([locationId]);
  });
});
