import { randomUUID } from 'node:crypto';
import type { Database } from '@lotline/db';
import { companies, companyInvitations, companyMembers, users } from '@lotline/db/schema';
import { createPostgresTestDatabase } from '@lotline/db/testing';
import { eq } from 'drizzle-orm';
import { pino } from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { settle } from '../../test/concurrency';
import { createOutboxMailer } from '../mail/outbox-mailer';
import { acceptCompanyInvitation } from './accept-company-invitation';
import { hashInvitationToken, newInvitationToken } from './invitation-token';
import { inviteCompanyMember } from './invite-company-member';
import { removeCompanyMember } from './remove-company-member';

/**
 * One company's member changes from two API processes at once, on PostgreSQL
 * (skipped without TEST_DATABASE_URL): the company row lock makes them run one
 * at a time, so two owners removing each other leave one owner, and the same
 * address invited many times at once leaves one open invitation; and an
 * accept and a new invitation of the same person leave at most one membership
 * (no deadlock), with the link used only when the accept won.
 */

const baseUrl = process.env.TEST_DATABASE_URL;
let pools: [Database, Database];
let close: () => Promise<void>;

async function company(db: Database, owners: number) {
  const companyId = `co_${randomUUID()}`;
  await db.insert(companies).values({ id: companyId, slug: companyId, name: 'Concurrent Co' });
  const ids: string[] = [];
  for (let i = 0; i < owners; i++) {
    const id = `user_${randomUUID()}`;
    await db.insert(users).values({ id, email: `${id}@example.com`, name: `Owner ${i}`, roles: ['seller'] });
    await db.insert(companyMembers).values({ companyId, userId: id, role: 'owner' });
    ids.push(id);
  }
  return { companyId, ids };
}

describe.skipIf(!baseUrl)('company members at once (PostgreSQL)', () => {
  beforeAll(async () => {
    const fresh = await createPostgresTestDatabase(baseUrl as string, { processes: 2, poolSize: 4 });
    pools = fresh.handles.map((h) => h.db) as [Database, Database];
    close = fresh.cleanup;
  }, 120_000);
  afterAll(async () => {
    await close?.();
  });

  it('two owners removing each other at once leave exactly one owner (the removed one is refused)', async () => {
    const [a, b] = pools;
    for (let round = 0; round < 5; round++) {
      const { companyId, ids } = await company(a, 2);
      const [first, second] = ids as [string, string];
      const codes = await settle([
        removeCompanyMember(a, first, companyId, second),
        removeCompanyMember(b, second, companyId, first),
      ]);
      // Without the company row lock both would pass their last-owner check and leave none. With it the
      // second runs after the first: its caller is no longer a member (403).
      expect(codes.sort()).toEqual(['FORBIDDEN', 'ok']);
      const left = await a.select().from(companyMembers).where(eq(companyMembers.companyId, companyId));
      expect(left.map((m) => m.role)).toEqual(['owner']);
    }
  });

  it('inviting one address many times at once leaves one open invitation', async () => {
    const [a, b] = pools;
    const { companyId, ids } = await company(a, 1);
    const owner = ids[0] as string;
    const deps = (db: Database) => ({
      db,
      mailer: createOutboxMailer(db, pino({ level: 'silent' })),
      publicOrigin: 'https://lotline.test',
    });
    const email = `${randomUUID()}@example.com`;
    const codes = await settle(
      Array.from({ length: 8 }, (_, i) =>
        inviteCompanyMember(deps(i % 2 ? a : b), owner, companyId, { email, role: 'staff' }),
      ),
    );
    expect(codes).toEqual(Array(8).fill('ok'));
    const rows = await a.select().from(companyInvitations).where(eq(companyInvitations.companyId, companyId));
    expect(rows).toHaveLength(8);
    expect(rows.filter((r) => r.revokedAt === null)).toHaveLength(1);
  });

  it('accepting an invitation while an owner invites the same person again: one answer wins, no deadlock', async () => {
    const [a, b] = pools;
    const deps = (db: Database) => ({
      db,
      mailer: createOutboxMailer(db, pino({ level: 'silent' })),
      publicOrigin: 'https://lotline.test',
    });
    for (let round = 0; round < 6; round++) {
      const { companyId, ids } = await company(a, 1);
      const owner = ids[0] as string;
      const personId = `user_${randomUUID()}`;
      const email = `${personId}@example.com`;
      await a.insert(users).values({ id: personId, email, name: 'Ivy Invited', emailVerified: true });
      const token = newInvitationToken();
      const invitationId = randomUUID();
      await a.insert(companyInvitations).values({
        id: invitationId,
        companyId,
        email,
        role: 'staff',
        tokenHash: hashInvitationToken(token),
        invitedByUserId: owner,
        expiresAt: new Date('2999-01-01T00:00:00Z'),
      });
      const [accepted, added] = await settle([
        acceptCompanyInvitation(round % 2 ? a : b, personId, token),
        inviteCompanyMember(deps(round % 2 ? b : a), owner, companyId, { email, role: 'staff' }),
      ]);
      // Whichever runs second finds the other's work: a member (409 to the invitation) or a replaced link (410).
      // Without the company lock first, the accept deadlocked with the invitation (a 500).
      expect([accepted, added].sort()).toEqual(
        accepted === 'ok' ? ['ALREADY_MEMBER', 'ok'] : ['INVITATION_GONE', 'ok'],
      );
      const members = await a.select().from(companyMembers).where(eq(companyMembers.userId, personId));
      expect(members).toHaveLength(accepted === 'ok' ? 1 : 0);
      const [row] = await a.select().from(companyInvitations).where(eq(companyInvitations.id, invitationId));
      expect(row?.acceptedAt !== null).toBe(accepted === 'ok');
      expect(row?.revokedAt !== null).toBe(accepted !== 'ok');
    }
  });
});
