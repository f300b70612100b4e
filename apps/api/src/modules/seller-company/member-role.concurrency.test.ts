import { randomUUID } from 'node:crypto';
import type { Database } from '@lotline/db';
import { companies, companyMembers, users } from '@lotline/db/schema';
import { createPostgresTestDatabase } from '@lotline/db/testing';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { settle } from '../../test/concurrency';
import { changeMemberRole } from './change-member-role';
import { removeCompanyMember } from './remove-company-member';

/**
 * Role changes from two API processes at once, on PostgreSQL (skipped without
 * TEST_DATABASE_URL): serialised by the company row lock like removals
 * (decision 0048), so the company never ends without an owner.
 */

const baseUrl = process.env.TEST_DATABASE_URL;
let pools: [Database, Database];
let close: () => Promise<void>;

async function twoOwners(db: Database) {
  const companyId = `co_${randomUUID()}`;
  await db.insert(companies).values({ id: companyId, slug: companyId, name: 'Concurrent Co' });
  const ids: string[] = [];
  for (let i = 0; i < 2; i++) {
    const id = `user_${randomUUID()}`;
    await db.insert(users).values({ id, email: `${id}@example.com`, name: `Owner ${i}`, roles: ['seller'] });
    await db.insert(companyMembers).values({ companyId, userId: id, role: 'owner' });
    ids.push(id);
  }
  return { companyId, first: ids[0] as string, second: ids[1] as string };
}

const ownersOf = async (db: Database, companyId: string) =>
  (await db.select().from(companyMembers).where(eq(companyMembers.companyId, companyId))).filter(
    (m) => m.role === 'owner',
  );

describe.skipIf(!baseUrl)('role changes at once (PostgreSQL)', () => {
  beforeAll(async () => {
    const fresh = await createPostgresTestDatabase(baseUrl as string, { processes: 2, poolSize: 4 });
    pools = fresh.handles.map((h) => h.db) as [Database, Database];
    close = fresh.cleanup;
  }, 120_000);
  afterAll(async () => {
    await close?.();
  });

  it('two owners making each other staff at once leave exactly one owner', async () => {
    const [a, b] = pools;
    for (let round = 0; round < 5; round++) {
      const { companyId, first, second } = await twoOwners(a);
      const codes = await settle([
        changeMemberRole(a, first, companyId, second, 'staff'),
        changeMemberRole(b, second, companyId, first, 'staff'),
      ]);
      // The second runs after the first: its caller is staff now (403), so one owner stays.
      expect(codes.sort()).toEqual(['FORBIDDEN', 'ok']);
      expect(await ownersOf(a, companyId)).toHaveLength(1);
    }
  });

  it('an owner stepping down while the other is removed leaves one owner', async () => {
    const [a, b] = pools;
    for (let round = 0; round < 5; round++) {
      const { companyId, first, second } = await twoOwners(a);
      const codes = await settle([
        changeMemberRole(a, first, companyId, first, 'staff'),
        removeCompanyMember(b, second, companyId, first),
      ]);
      expect(codes).toContain('ok');
      expect(await ownersOf(a, companyId)).toHaveLength(1);
    }
  });
});
