import { companyMembers, users } from '@lotline/db/schema';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/app';
import { newEmail } from '../identity/test-helpers';
import {
  codeOf,
  crew,
  getAs,
  invitationsPath,
  memberOf,
  membersOf,
  membersPath,
  rolesOf,
  sendAs,
} from './test-helpers';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

describe('GET …/members', () => {
  it('lists members, owners first, and open invitations to every member; refuses others', async () => {
    const { company, owner, staff, stranger, buyer } = await crew(t);
    const invited = newEmail();
    await sendAs(t, 'POST', invitationsPath(company.id), owner, { email: invited, role: 'staff' });
    const res = await getAs(t, membersPath(company.id), staff);
    expect(res.statusCode).toBe(200);
    expect(res.json().data.members).toEqual([
      { userId: owner.id, name: 'Olive Owner', email: owner.email, role: 'owner' },
      { userId: staff.id, name: 'Stan Staff', email: staff.email, role: 'staff' },
    ]);
    expect(res.json().data.invitations).toEqual([
      { _id: expect.any(String), email: invited, role: 'staff', expiresAt: expect.any(String) },
    ]);
    expect((await getAs(t, membersPath(company.id), stranger)).statusCode).toBe(403);
    expect((await getAs(t, membersPath(company.id), buyer)).statusCode).toBe(403);
    expect((await getAs(t, membersPath(company.id))).statusCode).toBe(401);
    expect((await getAs(t, membersPath('co_unknown'), owner)).statusCode).toBe(404);
  });
});

describe('DELETE …/members/{userId}', () => {
  it('removes a member: the account stays, the company and (with no company left) the seller role go', async () => {
    const { company, owner, staff } = await crew(t);
    const twoCompanies = await memberOf(t, company.id, 'staff', 'Tess Two');
    const elsewhere = await t.make.company();
    await t.db.insert(companyMembers).values({ companyId: elsewhere.id, userId: twoCompanies.id, role: 'staff' });
    expect((await sendAs(t, 'DELETE', `${membersPath(company.id)}/${staff.id}`, owner)).json().data).toEqual({
      removed: true,
    });
    expect((await sendAs(t, 'DELETE', `${membersPath(company.id)}/${twoCompanies.id}`, owner)).statusCode).toBe(200);
    expect((await membersOf(t, company.id)).map((m) => m.userId)).toEqual([owner.id]);
    expect(await rolesOf(t, staff.id)).toEqual([]);
    expect(await rolesOf(t, twoCompanies.id)).toEqual(['seller']);
    expect((await t.db.select().from(users).where(eq(users.id, staff.id))).length).toBe(1);
    expect((await getAs(t, '/marketplace-api/seller/companies', staff)).statusCode).toBe(403);
    expect((await getAs(t, membersPath(company.id), staff)).statusCode).toBe(403);
  });

  it('refuses to remove the last owner (409 LAST_OWNER); an owner may leave while another remains', async () => {
    const { company, owner, staff } = await crew(t);
    const res = await sendAs(t, 'DELETE', `${membersPath(company.id)}/${owner.id}`, owner);
    expect(res.statusCode).toBe(409);
    expect(codeOf(res)).toBe('LAST_OWNER');
    expect(await membersOf(t, company.id)).toHaveLength(2);
    const second = await memberOf(t, company.id, 'owner', 'Sue Second');
    expect((await sendAs(t, 'DELETE', `${membersPath(company.id)}/${owner.id}`, owner)).statusCode).toBe(200);
    const left = (await membersOf(t, company.id)).map((m) => m.userId).sort();
    expect(left).toEqual([second.id, staff.id].sort());
  });

  it('is for owners only; an unknown member is 404; nothing changes on a refusal', async () => {
    const { company, owner, staff, stranger, buyer } = await crew(t);
    const target = `${membersPath(company.id)}/${owner.id}`;
    for (const person of [staff, stranger, buyer]) {
      expect((await sendAs(t, 'DELETE', target, person)).statusCode).toBe(403);
    }
    expect((await sendAs(t, 'DELETE', target)).statusCode).toBe(401);
    expect((await sendAs(t, 'DELETE', `${membersPath(company.id)}/${buyer.id}`, owner)).statusCode).toBe(404);
    expect((await sendAs(t, 'DELETE', `${membersPath('co_unknown')}/${staff.id}`, owner)).statusCode).toBe(404);
    expect(await membersOf(t, company.id)).toHaveLength(2);
    expect(await rolesOf(t, staff.id)).toEqual(['seller']);
  });
});
