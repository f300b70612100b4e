import { TERMS_CODES } from '@lotline/contracts';
import { termsAgreements, termsVersions, users } from '@lotline/db/schema';
import { asc, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/app';
import { bid, openLot, register } from '../bidding/test-helpers';
import { get, signUpUser } from '../identity/test-helpers';
import { auction, register as registerThroughApi, bidder as verifiedBidder } from '../registrations/test-helpers';
import { signUpStaff } from '../tax-exemptions/test-helpers';
import { TERMS_V1 } from './terms-v1';
import { auditOf, codeOf, messageOf, STAFF, send } from './test-helpers';

/**
 * The Terms of Use, versioned (decision 0084): version 1 is the opening
 * document; a new version stops bidding and registering until the bidder agrees.
 * One app for the file: each test publishes on from the version in force.
 */

let t: TestApp;
let staff: { id: string; cookie: string };
const PUBLIC = '/marketplace/api/legal/terms-of-use';
const VERSIONS = `${STAFF}/terms-versions`;
const agreementUrl = (userId: string) => `/marketplace-api/users/${userId}/terms-agreement`;

beforeAll(async () => {
  t = await createTestApp();
  staff = await signUpStaff(t);
});
afterAll(() => t.close());

const current = async () => (await get(t, PUBLIC)).json().data.terms as { number: number; markdown: string };
const publish = async (markdown: string, cookie = staff.cookie) =>
  send(t, 'POST', VERSIONS, cookie, { markdown, basedOn: (await current()).number });
const versionCount = async () => (await t.db.select({ n: termsVersions.number }).from(termsVersions)).length;

/** A user made before the latest version: their sign-up agreed to an older one. */
async function olderUser() {
  const user = await signUpUser(t);
  await t.db.update(users).set({ createdAt: sql`now() - interval '30 days'` }).where(eq(users.id, user.id));
  return user;
}

describe('the Terms of Use', () => {
  it('start as version 1, the opening document, with its date', async () => {
    const res = await get(t, PUBLIC);
    expect(res.statusCode).toBe(200);
    expect(res.json().data.terms).toEqual({
      number: 1,
      markdown: TERMS_V1.markdown,
      publishedAt: '2026-11-22T00:00:00.000Z',
    });
    expect(TERMS_V1.markdown).toContain('## 10. Liability {#liability}');
  });

  it('are published by staff as the next version, audited, and version 1 stays', async () => {
    const before = await current();
    const res = await publish('## 1. The service {#service}\n\nA **new** text.');
    expect(res.statusCode, res.body).toBe(201);
    const version = res.json().data.version;
    expect(version).toMatchObject({ number: before.number + 1, publishedBy: staff.id });
    expect(await current()).toMatchObject({ number: before.number + 1, markdown: version.markdown });
    const list = await get(t, VERSIONS, staff.cookie);
    expect(
      list
        .json()
        .data.versions.map((v: { number: number }) => v.number)
        .at(-1),
    ).toBe(1);
    expect(await auditOf(t, String(version.number))).toEqual([
      {
        action: 'content.terms',
        actorId: staff.id,
        before: { version: before.number },
        after: { version: version.number, markdown: version.markdown },
      },
    ]);
  });

  it('refuse a publish from an older version (409) and bad text (400), changing nothing', async () => {
    await publish('Version for the stale test.');
    const count = await versionCount();
    const stale = await send(t, 'POST', VERSIONS, staff.cookie, { markdown: 'Other text', basedOn: 1 });
    expect(stale.statusCode).toBe(409);
    expect(codeOf(stale)).toBe(TERMS_CODES.stale);
    const number = (await current()).number;
    for (const body of [
      { markdown: '', basedOn: number },
      { markdown: '   ', basedOn: number },
      { markdown: 'x'.repeat(100_001), basedOn: number },
      { markdown: 'ok' },
      { markdown: 'ok', basedOn: 'two' },
      { markdown: 'Version for the stale test.', basedOn: number },
    ]) {
      const res = await send(t, 'POST', VERSIONS, staff.cookie, body);
      expect(res.statusCode, JSON.stringify(body).slice(0, 80)).toBe(400);
      expect(codeOf(res)).toBe('VALIDATION_FAILED');
    }
    expect(await versionCount()).toBe(count);
  });

  it('are published by staff only: a visitor 401, a buyer 403', async () => {
    const count = await versionCount();
    const buyer = await signUpUser(t);
    expect((await publish('By a buyer', buyer.cookie)).statusCode).toBe(403);
    expect((await publish('By a visitor', '')).statusCode).toBe(401);
    expect((await get(t, VERSIONS, buyer.cookie)).statusCode).toBe(403);
    expect(await versionCount()).toBe(count);
  });
});

describe('a new version', () => {
  it('stops an older bidder from bidding until they agree to it; a newer account has agreed by signing up', async () => {
    const { event, lot } = await openLot(t);
    const older = await olderUser();
    await register(t, older.id, event.id);
    // Earlier tests published versions: the older account first agrees to the one in force.
    const agreedFirst = await send(t, 'POST', agreementUrl(older.id), older.cookie, {
      version: (await current()).number,
    });
    expect(agreedFirst.statusCode).toBe(200);
    const first = await bid(t, older, lot.id, { amount: 100_000 }, 'terms-retry');
    expect(first.statusCode).toBe(201);

    const published = await publish(`Bidding rules changed ${Date.now()}.`);
    const version = published.json().data.version.number as number;
    // A retry of the bid made before answers its first answer, as every retry does.
    const retried = await bid(t, older, lot.id, { amount: 100_000 }, 'terms-retry');
    expect(retried.statusCode).toBe(201);
    expect(retried.json()).toEqual(first.json());
    const refused = await bid(t, older, lot.id, { amount: 110_000 });
    expect(refused.statusCode).toBe(403);
    expect(codeOf(refused)).toBe(TERMS_CODES.notAgreed);
    expect(messageOf(refused)).toContain(`version ${version}`);
    const state = await get(t, agreementUrl(older.id), older.cookie);
    expect(state.json().data).toEqual({ currentVersion: version, agreed: false });

    const newer = await signUpUser(t);
    await register(t, newer.id, event.id);
    expect((await get(t, agreementUrl(newer.id), newer.cookie)).json().data.agreed).toBe(true);
    expect((await bid(t, newer, lot.id, { amount: 110_000 })).statusCode).toBe(201);

    const agreed = await send(t, 'POST', agreementUrl(older.id), older.cookie, { version });
    expect(agreed.statusCode, agreed.body).toBe(200);
    expect(agreed.json().data).toEqual({ currentVersion: version, agreed: true });
    // Agreeing again changes nothing.
    expect((await send(t, 'POST', agreementUrl(older.id), older.cookie, { version })).statusCode).toBe(200);
    const rows = await t.db
      .select({ version: termsAgreements.version })
      .from(termsAgreements)
      .where(eq(termsAgreements.userId, older.id))
      .orderBy(asc(termsAgreements.version));
    expect(rows.map((r) => r.version).at(-1)).toBe(version);
    expect(rows.filter((r) => r.version === version)).toHaveLength(1);
    expect((await bid(t, older, lot.id, { amount: 130_000 })).statusCode).toBe(201);
  });

  it('stops registering for an auction until the bidder agrees to it', async () => {
    const { event } = await auction(t);
    const person = await verifiedBidder(t, event.id);
    await t.db.update(users).set({ createdAt: sql`now() - interval '30 days'` }).where(eq(users.id, person.id));
    const version = (await publish(`Registration rules changed ${Date.now()}.`)).json().data.version.number;
    const refused = await registerThroughApi(t, person, event.id, { key: `reg-${Date.now()}` });
    expect(refused.statusCode, refused.body).toBe(403);
    expect(codeOf(refused)).toBe(TERMS_CODES.notAgreed);
    expect((await send(t, 'POST', agreementUrl(person.id), person.cookie, { version })).statusCode).toBe(200);
    const registered = await registerThroughApi(t, person, event.id, { key: `reg-${Date.now()}-2` });
    expect(registered.statusCode, registered.body).toBe(201);
  });

  it('refuses an agreement to another version (409), a bad body (400) or for someone else (403)', async () => {
    const user = await olderUser();
    const { number } = await current();
    const stale = await send(t, 'POST', agreementUrl(user.id), user.cookie, { version: 1 });
    expect(stale.statusCode).toBe(409);
    expect(codeOf(stale)).toBe(TERMS_CODES.stale);
    for (const body of [{}, { version: 'latest' }, { version: 0 }, { version: number, extra: 1 }]) {
      const res = await send(t, 'POST', agreementUrl(user.id), user.cookie, body);
      expect(res.statusCode).toBe(400);
    }
    const other = await signUpUser(t);
    expect((await send(t, 'POST', agreementUrl(user.id), other.cookie, { version: number })).statusCode).toBe(403);
    expect((await send(t, 'POST', agreementUrl(user.id), undefined, { version: number })).statusCode).toBe(401);
    const rows = await t.db.select().from(termsAgreements).where(eq(termsAgreements.userId, user.id));
    expect(rows).toEqual([]);
  });
});
