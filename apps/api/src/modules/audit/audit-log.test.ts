import { auditLog } from '@lotline/db/schema';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp, url } from '../../test/app';
import { uniqueId } from '../../test/factories';
import { get, signUpUser } from '../identity/test-helpers';
import { signUpStaff } from '../tax-exemptions/test-helpers';
import { recordAudit } from './record-audit';
import { AUDIT_LOG } from './test-helpers';

/** The audit log's read (contract §6, decision 0073) and its append-only table. */
let t: TestApp;
type Person = { id: string; cookie: string; email: string };
let staff: Person;
let other: Person;
beforeAll(async () => {
  t = await createTestApp();
  [staff, other] = [await signUpStaff(t), await signUpStaff(t)];
});
afterAll(() => t.close());

const read = (query: Record<string, string>, cookie = staff.cookie) => get(t, url(AUDIT_LOG, query), cookie);
const actionsOf = (res: { json(): { data: { entries: { action: string }[] } } }) =>
  res.json().data.entries.map((e) => e.action);

describe('reading the audit log', () => {
  let scenes = 0;
  /** Five entries a minute apart, oldest first: three by `staff`, two by `other`, on a target kind of their own. */
  async function scene() {
    const kind = `scene-${'abcdefgh'[scenes++]}`;
    const rows = [
      [staff, 'user.disable', 'u1'],
      [other, 'user.roles', 'u1'],
      [staff, 'company.suspend', 'c1'],
      [other, 'category.create', 'k1'],
      [staff, 'user.disable', 'u2'],
    ] as const;
    const start = Date.parse('2026-03-01T12:00:00Z');
    await t.db.insert(auditLog).values(
      rows.map(([actor, action, targetId], i) => ({
        id: uniqueId('aud'),
        at: new Date(start + i * 60_000),
        actorId: actor.id,
        action,
        targetType: kind,
        targetId,
        before: { step: i },
        after: i === 3 ? null : { step: i + 1 },
      })),
    );
    return kind;
  }

  it('answers staff the entries newest first, with the actor and the record before and after', async () => {
    const kind = await scene();
    const res = await read({ targetType: kind });
    expect(res.statusCode).toBe(200);
    const { entries, pagination } = res.json().data;
    expect(entries.map((e: { action: string }) => e.action)).toEqual([
      'user.disable',
      'category.create',
      'company.suspend',
      'user.roles',
      'user.disable',
    ]);
    expect(entries[0]).toEqual({
      _id: expect.any(String),
      at: '2026-03-01T12:04:00.000Z',
      actor: { id: staff.id, email: staff.email },
      action: 'user.disable',
      targetType: kind,
      targetId: 'u2',
      before: { step: 4 },
      after: { step: 5 },
    });
    expect(entries[1]).toMatchObject({ actor: { id: other.id, email: other.email }, before: { step: 3 }, after: null });
    expect(pagination).toEqual({ pageNumber: 1, pageSize: 50, totalItems: 5, totalPages: 1 });
  });

  it('filters by actor, target type and target id, and pages', async () => {
    const kind = await scene();
    expect(actionsOf(await read({ targetType: kind, actorId: other.id }))).toEqual(['category.create', 'user.roles']);
    expect(actionsOf(await read({ targetType: kind, targetId: 'u1' }))).toEqual(['user.roles', 'user.disable']);
    const page2 = await read({ targetType: kind, actorId: staff.id, pageSize: '2', pageNumber: '2' });
    expect(actionsOf(page2)).toEqual(['user.disable']);
    expect(page2.json().data.entries[0].targetId).toBe('u1');
    expect(page2.json().data.pagination).toEqual({ pageNumber: 2, pageSize: 2, totalItems: 3, totalPages: 2 });
    expect(actionsOf(await read({ targetType: kind, targetId: 'nothing' }))).toEqual([]);
  });

  it.each([
    ['an unknown filter', { action: 'user.disable' }],
    ['a page size over 100', { pageSize: '101' }],
    ['page 0', { pageNumber: '0' }],
    ['a target type that is not a kind', { targetType: 'User Accounts' }],
    ['an empty actor', { actorId: '' }],
  ])('refuses %s with 400', async (_, query) => {
    const res = await read(query);
    expect([res.statusCode, res.json().errors[0].code]).toEqual([400, 'VALIDATION_FAILED']);
  });

  it('is for staff only: a visitor gets 401, a buyer 403', async () => {
    expect((await get(t, AUDIT_LOG)).statusCode).toBe(401);
    const buyer = await signUpUser(t);
    const refused = await read({}, buyer.cookie);
    expect([refused.statusCode, refused.json().errors[0].code]).toEqual([403, 'FORBIDDEN']);
  });
});

describe('the audit log table', () => {
  it('dates an entry by the database clock of its transaction, and keeps plain JSON', async () => {
    const targetId = uniqueId('flag');
    const now = await t.db.transaction(async (tx) => {
      const when = new Date('2030-01-01T00:00:00Z');
      const entry = { actorId: staff.id, action: 'feature-flag.switch', targetType: 'feature-flag', targetId };
      await recordAudit(tx, { ...entry, before: undefined, after: { enabled: true, at: when } });
      const [row] = await tx.select({ now: sql<string>`now()::text` }).from(auditLog).limit(1);
      return row?.now;
    });
    const [row] = await t.db.select().from(auditLog).where(eq(auditLog.targetId, targetId));
    expect(row?.at.getTime()).toBe(new Date(now ?? '').getTime());
    expect([row?.before, row?.after]).toEqual([null, { enabled: true, at: '2030-01-01T00:00:00.000Z' }]);
  });

  it('refuses UPDATE and DELETE (append-only)', async () => {
    const targetId = uniqueId('u');
    const entry = { actorId: staff.id, action: 'user.disable', targetType: 'user', targetId };
    await recordAudit(t.db, { ...entry, before: { disabled: false }, after: { disabled: true } });
    await expect(
      t.db
        .update(auditLog)
        .set({ after: { disabled: false } })
        .where(eq(auditLog.targetId, targetId)),
    ).rejects.toThrow();
    await expect(t.db.delete(auditLog).where(eq(auditLog.targetId, targetId))).rejects.toThrow();
    await expect(t.db.execute(sql`delete from audit_log`)).rejects.toThrow();
    const [row] = await t.db.select().from(auditLog).where(eq(auditLog.targetId, targetId));
    expect(row?.after).toEqual({ disabled: true });
  });
});
