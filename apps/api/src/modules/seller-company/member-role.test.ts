import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/app';
import { crew, memberOf, membersOf, membersPath, sendAs } from './test-helpers';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const rolePath = (companyId: string, memberId: string) => `${membersPath(companyId)}/${memberId}`;
const codeOf = (res: { json: () => { errors: { code: string }[] } }) => res.json().errors[0]?.code;
const sorted = async (companyId: string) =>
  (await membersOf(t, companyId)).sort((a, b) => a.userId.localeCompare(b.userId));

describe('PUT …/members/{memberId} (decision 0054)', () => {
  it('an owner makes staff an owner and back; the answer is the member with the new role', async () => {
    const { company, owner, staff } = await crew(t);
    const up = await sendAs(t, 'PUT', rolePath(company.id, staff.id), owner, { role: 'owner' });
    expect(up.statusCode).toBe(200);
    expect(up.json().data.member).toEqual({ userId: staff.id, name: 'Stan Staff', email: staff.email, role: 'owner' });
    const down = await sendAs(t, 'PUT', rolePath(company.id, staff.id), owner, { role: 'staff' });
    expect(down.json().data.member.role).toBe('staff');
    // An owner may step down while another owner remains.
    await sendAs(t, 'PUT', rolePath(company.id, staff.id), owner, { role: 'owner' });
    const self = await sendAs(t, 'PUT', rolePath(company.id, owner.id), owner, { role: 'staff' });
    expect(self.json().data.member.role).toBe('staff');
  });

  it('the last owner cannot become staff (409 LAST_OWNER), and nothing changes', async () => {
    const { company, owner } = await crew(t);
    const before = await sorted(company.id);
    const res = await sendAs(t, 'PUT', rolePath(company.id, owner.id), owner, { role: 'staff' });
    expect(res.statusCode).toBe(409);
    expect(codeOf(res)).toBe('LAST_OWNER');
    expect(await sorted(company.id)).toEqual(before);
  });

  it('is for owners only: staff, another company and a buyer 403, a visitor 401; unknown company or member 404; bad role 400', async () => {
    const { company, owner, staff, stranger, buyer } = await crew(t);
    const other = await memberOf(t, company.id, 'staff', 'Sue Staff');
    const before = await sorted(company.id);
    const path = rolePath(company.id, other.id);
    const staffAnswer = await sendAs(t, 'PUT', path, staff, { role: 'owner' });
    expect(staffAnswer.statusCode).toBe(403);
    expect(staffAnswer.json().errors[0].message).toBe('Only an owner of the company can manage its members.');
    expect((await sendAs(t, 'PUT', path, stranger, { role: 'owner' })).statusCode).toBe(403);
    expect((await sendAs(t, 'PUT', path, buyer, { role: 'owner' })).statusCode).toBe(403);
    expect((await sendAs(t, 'PUT', path, undefined, { role: 'owner' })).statusCode).toBe(401);
    expect((await sendAs(t, 'PUT', rolePath('co_unknown', other.id), owner, { role: 'owner' })).statusCode).toBe(404);
    expect((await sendAs(t, 'PUT', rolePath(company.id, stranger.id), owner, { role: 'owner' })).statusCode).toBe(404);
    const bad = await sendAs(t, 'PUT', path, owner, { role: 'boss' });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().errors[0]).toMatchObject({
      code: 'VALIDATION_FAILED',
      field: 'role',
      message: 'Choose owner or staff.',
    });
    expect(await sorted(company.id)).toEqual(before);
  });
});
