import { queryRows } from '@lotline/db';
import { seedDatabase } from '@lotline/db/seed';
import { createTestDatabase } from '@lotline/db/testing';
import { sql } from 'drizzle-orm';
import { pino } from 'pino';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { createOutboxMailer } from '../mail/outbox-mailer';
import { demoPastSales } from './demo-past-sales';
import { demoStaffRecords } from './demo-staff-records';
import { demoWireAccounts } from './demo-wire-accounts';

let handle: Awaited<ReturnType<typeof createTestDatabase>>;
const lines: string[] = [];

beforeAll(async () => {
  handle = await createTestDatabase();
  await seedDatabase(handle.db, { lots: 600, now: new Date() });
  const mailer = createOutboxMailer(handle.db, pino({ level: 'silent' }));
  const log = (l: string) => lines.push(l);
  // As main.ts does: the demo banks first (some past orders await a wire).
  await demoWireAccounts(handle.db, () => {});
  await demoPastSales({ db: handle.db, log });
  await demoStaffRecords({ db: handle.db, mailer, publicOrigin: 'http://localhost:3000', log });
}, 300_000);

afterAll(() => handle?.cleanup());

it('leaves staff a pending seller application, a suspended company, a renamed category and a payout, each audited as staff', async () => {
  const { db } = handle;
  expect(lines.at(-1)).toMatch(
    /^Demo staff records: a pending seller application .+ suspended; category .+ renamed; the payout of LL-\d+ recorded$/,
  );
  const [staff] = await queryRows<{ id: string }>(db, sql`select id from users where email = 'staff@example.com'`);

  const applications = await queryRows<{ status: string; roles: string[] }>(
    db,
    sql`select a.status, u.roles from seller_applications a join users u on u.id = a.user_id`,
  );
  expect(applications).toEqual([{ status: 'pending', roles: [] }]);

  const suspended = await queryRows<{ id: string; featured: boolean; published: number; members: number }>(
    db,
    sql`select c.id, c.featured,
          (select count(*)::int from events e where e.company_id = c.id and e.status = 'published' and not e.private_sale) as published,
          (select count(*)::int from company_members m where m.company_id = c.id) as members
        from companies c where c.status = 'suspended'`,
  );
  expect(suspended).toEqual([{ id: expect.any(String), featured: false, published: 1, members: 0 }]);

  const payouts = await queryRows<{ order_id: string; status: string; method: string; event_open: number }>(
    db,
    sql`select p.order_id, p.status, p.method,
          (select count(*)::int from orders x where x.event_id = o.event_id and x.status <> 'OrderPaid') as event_open
        from payouts p join orders o on o.id = p.order_id`,
  );
  expect(payouts).toEqual([{ order_id: expect.any(String), status: 'paid', method: 'manual', event_open: 0 }]);

  const audit = await queryRows<{ action: string; actor: string; target_id: string }>(
    db,
    sql`select action, actor_id as actor, target_id from audit_log order by at, action`,
  );
  // Beside the wires staff marked received for the past sales (order.wire-received), one entry of each.
  const own = audit.filter((a) => a.action !== 'order.wire-received');
  expect(own.map((a) => a.action).sort()).toEqual(['category.update', 'company.suspend', 'payout.record']);
  expect(audit.every((a) => a.actor === staff?.id)).toBe(true);
  expect(audit.find((a) => a.action === 'company.suspend')?.target_id).toBe(suspended[0]?.id);
  expect(audit.find((a) => a.action === 'payout.record')?.target_id).toBe(payouts[0]?.order_id);
});
