import { ORDER_STATUS, sellerApplicationBody, staffCategoryUpdateBody } from '@lotline/contracts';
import { type Database, queryRows } from '@lotline/db';
import { sql } from 'drizzle-orm';
import { isAppError } from '../../lib/errors';
import type { Mailer } from '../mail/mailer';
import { recordManualPayout } from '../payouts/record-manual-payout';
import { submitSellerApplication } from '../seller-applications/submit-seller-application';
import { updateCategory } from '../staff-categories/update-category';
import { updateStaffCompany } from '../staff-companies/update-company';
import { isDemoBuyer } from './demo-buyers';

/**
 * What staff find to look after on a fresh start, made through the use-cases their pages call, as the seeded
 * staff user (so each is in the audit log, written by `recordAudit` in the change's transaction):
 * - a pending seller application from one of the demo's buyer accounts (the last by e-mail);
 * - a suspended company (decision 0076): the non-featured company whose only public event is a published
 *   auction that opens in days, so its event is view-only (no e2e spec and no other demo step uses it;
 *   the closing-soon and opening-soon events and every featured seller are left alone);
 * - an inactive category renamed (inactive: no public page shows its name);
 * - one closed, settled auction's payout (decision 0079): staff record the bank transfer for a paid order.
 *   The demo cannot wait out the refund window after the payment, so the payout's release rule is given a
 *   window of 0 days (the only shortcut; every other check of the rule holds).
 * Runs last: the other demo steps buy and bid before the company is suspended.
 */
export interface DemoStaffRecordsDeps {
  db: Database;
  mailer: Mailer;
  publicOrigin: string;
  log: (message: string) => void;
}

export async function demoStaffRecords(deps: DemoStaffRecordsDeps) {
  const { db, log } = deps;
  const [staff] = await queryRows<{ id: string }>(db, sql`select id from users where email = 'staff@example.com'`);
  if (!staff) return log('Demo staff records: skipped (no staff user)');
  const done: string[] = [];

  const [applicant] = await queryRows<{ id: string; email: string }>(
    db,
    sql`select u.id, u.email from users u where ${isDemoBuyer}
        and not exists (select 1 from seller_applications a where a.user_id = u.id)
        order by u.email desc limit 1`,
  );
  if (applicant) {
    const body = sellerApplicationBody.parse({
      companyName: 'Raman Process Equipment',
      country: 'US',
      region: 'NC',
      website: 'https://raman-process.example.com',
      message: 'We refurbish pumps, mixers and tanks from closed plants and would like to sell them here.',
    });
    await submitSellerApplication(db, applicant.id, body);
    done.push(`a pending seller application from ${applicant.email}`);
  }

  const [company] = await queryRows<{ id: string; slug: string; event_id: string }>(
    db,
    sql`select c.id, c.slug, min(e.id) as event_id from companies c join events e on e.company_id = c.id
        where not c.featured and c.status = 'active'
          and not exists (select 1 from company_members m where m.company_id = c.id)
          and not exists (select 1 from events x where x.company_id = c.id and x.status = 'published'
            and not x.private_sale and (x.end_at < now() or x.start_at < now() + interval '1 day'))
        group by c.id, c.slug
        having count(*) filter (where e.status = 'published' and not e.private_sale) = 1
          and count(*) filter (where e.status = 'published' and not e.private_sale and e.sale_format = 'auction') = 1
        order by c.slug limit 1`,
  );
  if (company) {
    await updateStaffCompany(deps, staff.id, company.id, { status: 'suspended' });
    done.push(`${company.slug} suspended`);
  }

  const [category] = await queryRows<{ id: string; name: string }>(
    db,
    sql`select id, name from product_categories where status = 'inactive' and name not like '% (retired)'
        order by depth desc, id limit 1`,
  );
  if (category) {
    await updateCategory(
      db,
      staff.id,
      category.id,
      staffCategoryUpdateBody.parse({ name: `${category.name} (retired)` }),
    );
    done.push(`category "${category.name}" renamed`);
  }

  // A closed auction event whose every order is paid, and its largest order on which the seller is owed money
  // (a cheap lot's commission and seller-paid fees can take all of it: the payout rule refuses those, 409).
  const candidates = await queryRows<{ id: string; number: string }>(
    db,
    sql`select o.id, o.number from orders o join events e on e.id = o.event_id
        where e.end_at < now() and o.source = 'auction' and o.status = ${ORDER_STATUS.paid} and o.refunded = 0
          and not exists (select 1 from orders x where x.event_id = e.id and x.status <> ${ORDER_STATUS.paid})
          and not exists (select 1 from payouts p where p.order_id = o.id)
        order by e.end_at, e.id, o.total desc, o.number limit 10`,
  );
  for (const paid of candidates) {
    const recorded = await db
      .transaction((tx) =>
        recordManualPayout(
          tx,
          { orderId: paid.id, reference: `DEMO-${paid.number}`, actorId: staff.id },
          { refundWindowDays: 0 },
        ),
      )
      .then(
        () => true,
        (err: unknown) => {
          if (isAppError(err)) return false;
          throw err;
        },
      );
    if (!recorded) continue;
    done.push(`the payout of ${paid.number} recorded`);
    break;
  }
  log(`Demo staff records: ${done.join('; ') || 'nothing to do'}`);
}
