import { companyInvitations, mailOutbox } from '@lotline/db/schema';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/app';
import { createMailer } from '../mail/mailer';
import { memberOf } from '../seller-company/test-helpers';
import { DEMO_INVITED_EMAIL, demoCompanyTeam } from './demo-company-team';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

describe('demoCompanyTeam', () => {
  it('has the first featured seller’s owner invite the demo address, with its e-mail', async () => {
    const first = await t.make.company({ featured: true, featuredOrder: 1 });
    const second = await t.make.company({ featured: true, featuredOrder: 2 });
    await memberOf(t, second.id, 'owner');
    await memberOf(t, first.id, 'owner');
    const mailer = createMailer({ db: t.db, smtpUrl: undefined, log: t.app.log });
    await demoCompanyTeam({ db: t.db, mailer, publicOrigin: 'http://localhost:3000', log: () => {} });
    const rows = await t.db.select().from(companyInvitations);
    expect(rows).toEqual([expect.objectContaining({ companyId: first.id, email: DEMO_INVITED_EMAIL, role: 'staff' })]);
    const mails = await t.db.select().from(mailOutbox).where(eq(mailOutbox.to, DEMO_INVITED_EMAIL));
    expect(mails).toHaveLength(1);
  });
});
