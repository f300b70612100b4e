import { auditLog, companies, sellerApplications } from '@lotline/db/schema';
import { eq } from 'drizzle-orm';
import type { TestApp } from '../../test/app';
import { send } from '../account/test-helpers';
import { activatedUser, type Person } from '../seller-company/test-helpers';
import { signUpStaff } from '../tax-exemptions/test-helpers';

/** Helpers for the seller-application tests: real sign-ups, activation and routes. */

export const APPLY_PATH = '/marketplace-api/seller-applications';
export const STAFF_PATH = '/marketplace-api/staff/seller-applications';
export const decisionPath = (id: string) => `${STAFF_PATH}/${id}/decision`;

export const APPLICATION = {
  companyName: 'Gulf Coast Surplus & Co',
  country: 'US',
  region: 'TX',
  website: 'https://gulfcoast.example.com',
  message: 'Restaurant equipment and forklifts.',
};

export async function applicant(t: TestApp, name = 'Avery Applicant'): Promise<Person> {
  return activatedUser(t, undefined, name);
}

/** An activated user's pending application; returns its id. */
export async function apply(t: TestApp, person: Person, body: Record<string, unknown> = APPLICATION) {
  const res = await send(t, 'POST', APPLY_PATH, body, { cookie: person.cookie });
  if (res.statusCode !== 201) throw new Error(`apply failed: ${res.statusCode} ${res.body}`);
  return res.json().data.application._id as string;
}

export async function staffMember(t: TestApp): Promise<Person> {
  return (await signUpStaff(t)) as Person;
}

/** What a refused call must leave as it was: the application, the companies and the audit log. */
export async function snapshot(t: TestApp, applicationId: string) {
  const [application] = await t.db.select().from(sellerApplications).where(eq(sellerApplications.id, applicationId));
  const companyCount = (await t.db.select({ id: companies.id }).from(companies)).length;
  const auditCount = (await t.db.select({ id: auditLog.id }).from(auditLog)).length;
  return { application, companyCount, auditCount };
}
