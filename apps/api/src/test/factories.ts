import type { Database } from '@lotline/db';
import {
  brands,
  companies,
  dispositionLocations,
  eventLots,
  events,
  lotPhotos,
  productCategories,
} from '@lotline/db/schema';

/**
 * Test data through the real schema: each factory inserts one row with
 * plausible defaults and returns it; tests override only what they assert on.
 * Ids are unique per process so tests sharing a database never collide.
 */

let counter = 0;
const run = Math.random().toString(36).slice(2, 7);
export const uniqueId = (prefix: string) => `${prefix}_${run}${(++counter).toString(36)}`;

type Insert<T extends { $inferInsert: unknown }> = T['$inferInsert'];

export function factories(db: Database) {
  async function insert<T extends Parameters<Database['insert']>[0]>(table: T, values: Insert<T>) {
    const [row] = await db
      .insert(table)
      .values(values as never)
      .returning();
    return row as T['$inferSelect'];
  }

  return {
    company(overrides: Partial<Insert<typeof companies>> = {}) {
      const id = overrides.id ?? uniqueId('co');
      return insert(companies, { id, slug: id, name: `Company ${id}`, ...overrides });
    },

    async event(overrides: Partial<Insert<typeof events>> = {}) {
      const companyId = overrides.companyId ?? (await this.company()).id;
      const id = overrides.id ?? uniqueId('ev');
      return insert(events, {
        id,
        companyId,
        name: `Event ${id}`,
        title: `Event ${id}`,
        status: 'published',
        startAt: new Date('2026-01-01T00:00:00Z'),
        endAt: new Date('2026-12-31T00:00:00Z'),
        ...overrides,
      });
    },

    /** A category under `parent` (if given), with its ancestor path computed as the schema expects. */
    category(overrides: Partial<Insert<typeof productCategories>> = {}, parent?: { id: string; pathId: string }) {
      const id = overrides.id ?? uniqueId('cat');
      return insert(productCategories, {
        id,
        name: `Category ${id}`,
        slug: id,
        parentId: parent?.id ?? null,
        pathId: `${parent?.pathId ?? '/'}${id}/`,
        depth: parent ? parent.pathId.split('/').length - 1 : 0,
        ...overrides,
      });
    },

    brand(overrides: Partial<Insert<typeof brands>> = {}) {
      const id = overrides.id ?? uniqueId('br');
      return insert(brands, { id, name: `Brand ${id}`, uniqueName: id, ...overrides });
    },

    location(overrides: Partial<Insert<typeof dispositionLocations>> = {}) {
      return insert(dispositionLocations, {
        id: uniqueId('loc'),
        city: 'Houston',
        region: 'TX',
        country: 'US',
        lat: 29.76,
        lon: -95.37,
        ...overrides,
      });
    },

    async lot(overrides: Partial<Insert<typeof eventLots>> = {}) {
      const companyId = overrides.companyId ?? (await this.company()).id;
      const id = overrides.id ?? uniqueId('lot');
      return insert(eventLots, {
        id,
        companyId,
        number: id,
        name: `Lot ${id}`,
        type: 'AuctionLot',
        status: 'Active',
        ...overrides,
      });
    },

    photo(lotId: string, position: number, overrides: Partial<Insert<typeof lotPhotos>> = {}) {
      return insert(lotPhotos, {
        id: uniqueId('ph'),
        lotId,
        position,
        url: `/files/demo-photos/${lotId}-${position}.svg`,
        ...overrides,
      });
    },
  };
}

export type Factories = ReturnType<typeof factories>;
