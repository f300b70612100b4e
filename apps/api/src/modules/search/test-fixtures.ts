import { lotSearchResponse, successEnvelope } from '@lotline/contracts';
import type { eventLots } from '@lotline/db/schema';
import { expect } from 'vitest';
import { type TestApp, url } from '../../test/app';
import { uniqueId } from '../../test/factories';

export const SEARCH_PATH = '/marketplace/api/search/lots';
const envelope = successEnvelope(lotSearchResponse);
const HOUR = 3_600_000;
export const fromNow = (hours: number) => new Date(Date.now() + hours * HOUR);

type LotInsert = Partial<typeof eventLots.$inferInsert>;

/**
 * Search tests share one database per file, and search sees every lot in it.
 * A scope is one brand: its lots are created under it and its searches filter
 * on it (`manufacturer`), so each test sees only its own lots.
 */
export async function searchScope(t: TestApp) {
  const brand = await t.make.brand({ uniqueName: uniqueId('scope') });
  const event = await t.make.event({ status: 'published' });
  return {
    brand,
    event,
    /** A visible, open auction lot in a published event, ending in a day, unless overridden. */
    lot(overrides: LotInsert = {}) {
      return t.make.lot({
        companyId: event.companyId,
        eventId: event.id,
        brandId: brand.id,
        status: 'Active',
        type: 'AuctionLot',
        quantity: 1,
        endedAt: fromNow(24),
        ...overrides,
      });
    },
    /** Ids found by a search restricted to this scope. */
    async ids(params: Record<string, string> = {}) {
      return (await this.search(params)).lots.map((l) => l._id);
    },
    search(params: Record<string, string> = {}) {
      return search(t, { manufacturer: brand.uniqueName, ...params });
    },
  };
}

export async function search(t: TestApp, params: Record<string, string>) {
  const res = await t.app.inject({ method: 'GET', url: url(SEARCH_PATH, params) });
  expect(res.statusCode, res.body).toBe(200);
  return envelope.parse(res.json()).data;
}

export async function searchError(t: TestApp, params: Record<string, string>) {
  const res = await t.app.inject({ method: 'GET', url: url(SEARCH_PATH, params) });
  return { status: res.statusCode, body: res.json() as { status: string; errors: { code: string; field?: string }[] } };
}
