import type { Database } from '@lotline/db';
import { companies, companyMembers } from '@lotline/db/schema';
import { and, asc, eq } from 'drizzle-orm';
import type { Mailer } from '../mail/mailer';
import { inviteCompanyMember } from '../seller-company/invite-company-member';

export interface DemoCompanyTeamDeps {
  db: Database;
  mailer: Mailer;
  publicOrigin: string;
  log: (message: string) => void;
}

/** The address of the demo's open invitation: no account has it, so its link shows the sign-up path. */
export const DEMO_INVITED_EMAIL = 'new-hire@example.com';

/**
 * Demo state of issue 16's company page, through the real use-case: the
 * first featured seller's owner has invited new-hire@example.com as staff
 * (the invitation and its e-mail in the local outbox). Other featured sellers
 * are left alone for the specs that edit them.
 */
export async function demoCompanyTeam(deps: DemoCompanyTeamDeps): Promise<void> {
  const [owner] = await deps.db
    .select({ companyId: companies.id, userId: companyMembers.userId })
    .from(companies)
    .innerJoin(companyMembers, eq(companyMembers.companyId, companies.id))
    .where(and(eq(companies.featured, true), eq(companyMembers.role, 'owner')))
    .orderBy(asc(companies.featuredOrder), asc(companyMembers.userId))
    .limit(1);
  if (!owner) return deps.log('No featured seller with an owner: no demo invitation');
  await inviteCompanyMember(deps, owner.userId, owner.companyId, { email: DEMO_INVITED_EMAIL, role: 'staff' });
  deps.log(`Demo company team: ${DEMO_INVITED_EMAIL} invited to ${owner.companyId}`);
}
