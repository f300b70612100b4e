import { auditLog, companies, companyInvitations } from '@lotline/db/schema';
import { count, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/app';
import { latestMailTo, newEmail } from '../identity/test-helpers';
import type { Person } from '../registrations/test-helpers';
import {
  ACCEPT_PATH,
  activatedUser,
  codeOf,
  invitationTokenMailedTo,
  membersOf,
  sendAs,
} from '../seller-company/test-helpers';
import { signUpStaff } from '../tax-exemptions/test-helpers';
import { STAFF_COMPANIES } from './test-helpers';

/** Staff create a company and invite its owner (decision 0074): nobody is its owner until they accept. */

let t: TestApp;
let staff: Person;
beforeAll(async () => {
  t = await createTestApp();
  staff = (await signUpStaff(t)) as Person;
});
afterAll(() => t.close());

const create = (person: { cookie: string } | undefined, body: unknown) =>
  sendAs(t, 'POST', STAFF_COMPANIES, person, body);

/** What a refused call must leave as it was. */
const counts = async () => ({
  companies: (await t.db.select({ n: count() }).from(companies))[0]?.n,
  invitations: (await t.db.select({ n: count() }).from(companyInvitations))[0]?.n,
  audit: (await t.db.select({ n: count() }).from(auditLog))[0]?.n,
});

describe('a company made by staff', () => {
  it('exists at once without members; the invited address accepts and becomes its owner; audited', async () => {
    const ownerEmail = newEmail();
    const res = await create(staff, { name: 'Harbor Surplus', country: 'CA', region: 'on', ownerEmail });
    expect(res.statusCode, res.body).toBe(201);
    const { company, invitation } = res.json().data;
    expect(company).toMatchObject({ name: 'Harbor Surplus', slug: 'harbor-surplus', status: 'active' });
    expect(invitation).toMatchObject({ email: ownerEmail, role: 'owner' });
    expect(await membersOf(t, company._id)).toEqual([]);
    const [row] = await t.db.select().from(companies).where(eq(companies.id, company._id));
    expect(row).toMatchObject({ country: 'CA', region: 'ON' });

    // An address without an account is asked to sign up first, by the staff member's name.
    const mail = await latestMailTo(t, ownerEmail);
    expect(mail?.text).toContain('of Lotline invited you to join Harbor Surplus on Lotline as an owner.');
    const token = await invitationTokenMailedTo(t, ownerEmail);
    const owner = await activatedUser(t, ownerEmail);
    const accepted = await sendAs(t, 'POST', ACCEPT_PATH, owner, { token });
    expect(accepted.statusCode, accepted.body).toBe(200);
    expect(await membersOf(t, company._id)).toEqual([{ userId: owner.id, role: 'owner' }]);

    const entries = await t.db.select().from(auditLog).where(eq(auditLog.targetId, company._id));
    expect(entries).toMatchObject([
      {
        actorId: staff.id,
        action: 'company.create',
        targetType: 'company',
        before: null,
        after: { name: 'Harbor Surplus', slug: 'harbor-surplus', country: 'CA', region: 'ON', ownerEmail },
      },
    ]);
  });

  it('takes the next free slug for a name already used', async () => {
    const first = await create(staff, { name: 'Twin Tools', country: 'US', ownerEmail: newEmail() });
    const second = await create(staff, { name: 'Twin Tools', country: 'US', ownerEmail: newEmail() });
    expect(first.json().data.company.slug).toBe('twin-tools');
    expect(second.json().data.company.slug).toBe('twin-tools-2');
  });

  it('refuses bad input with the field named (400), and a visitor (401) or a non-staff user (403); nothing is made', async () => {
    const before = await counts();
    const ownerEmail = newEmail();
    for (const [body, field] of [
      [{ name: 'x', country: 'US', ownerEmail }, 'name'],
      [{ name: 'Valid Co', country: 'MX', ownerEmail }, 'country'],
      [{ name: 'Valid Co', country: 'US', region: 'ON', ownerEmail }, 'region'],
      [{ name: 'Valid Co', country: 'US', ownerEmail: 'not-an-address' }, 'ownerEmail'],
      [{ name: 'Valid Co', country: 'US', ownerEmail, extra: 1 }, undefined],
      [{ name: 'Valid Co', country: 'US' }, 'ownerEmail'],
    ] as const) {
      const res = await create(staff, body);
      expect(res.statusCode, JSON.stringify(body)).toBe(400);
      expect(codeOf(res)).toBe('VALIDATION_FAILED');
      if (field) expect(JSON.stringify(res.json().errors)).toContain(field);
    }
    const valid = { name: 'Valid Co', country: 'US', ownerEmail };
    expect((await create(undefined, valid)).statusCode).toBe(401);
    const buyer = await activatedUser(t);
    expect((await create(buyer, valid)).statusCode).toBe(403);
    expect(await counts()).toEqual(before);
  });
});

describe('a staff invitation to an existing company', () => {
  it('invites again after the first lapsed (the old link is replaced), refuses a member (409) and an unknown company (404)', async () => {
    const ownerEmail = newEmail();
    const made = await create(staff, { name: 'Second Try Co', country: 'US', ownerEmail });
    const companyId = made.json().data.company._id as string;
    const firstToken = await invitationTokenMailedTo(t, ownerEmail);
    const again = await sendAs(t, 'POST', `${STAFF_COMPANIES}/${companyId}/invitations`, staff, {
      email: ownerEmail,
      role: 'owner',
    });
    expect(again.statusCode, again.body).toBe(201);
    const secondToken = await invitationTokenMailedTo(t, ownerEmail);
    expect(secondToken).not.toBe(firstToken);
    const owner = await activatedUser(t, ownerEmail);
    expect((await sendAs(t, 'POST', ACCEPT_PATH, owner, { token: firstToken })).statusCode).toBe(410);
    expect((await sendAs(t, 'POST', ACCEPT_PATH, owner, { token: secondToken })).statusCode).toBe(200);

    const member = await sendAs(t, 'POST', `${STAFF_COMPANIES}/${companyId}/invitations`, staff, {
      email: ownerEmail,
      role: 'staff',
    });
    expect(member.statusCode).toBe(409);
    expect(codeOf(member)).toBe('ALREADY_MEMBER');
    const unknown = await sendAs(t, 'POST', `${STAFF_COMPANIES}/cmp_nope/invitations`, staff, {
      email: newEmail(),
      role: 'owner',
    });
    expect(unknown.statusCode).toBe(404);
    const actions = await t.db
      .select({ action: auditLog.action })
      .from(auditLog)
      .where(eq(auditLog.targetId, companyId));
    expect(actions.map((a) => a.action)).toEqual(['company.create', 'company.invite']);
    const buyer = await activatedUser(t);
    const refused = await sendAs(t, 'POST', `${STAFF_COMPANIES}/${companyId}/invitations`, buyer, {
      email: newEmail(),
      role: 'owner',
    });
    expect(refused.statusCode).toBe(403);
  });
});
