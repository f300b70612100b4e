import { orders } from '@lotline/db/schema';
import { sql } from 'drizzle-orm';

/**
 * The outer order's id, always qualified: drizzle writes a column of a
 * one-table select unqualified (`"id"`), which inside the subquery below
 * would be `order_payments.id`, and no payment would ever count.
 */
const ORDER_ID = sql.raw('"orders"."id"');

/**
 * What the buyer still owes on an order, in SQL over `orders`: the total, less
 * the bid deposit applied (captured toward it), less every card charge and
 * wire that succeeded. The one definition: the charge, the wire, the e-mails
 * and the order's `amountDue` read it.
 */
export const amountDueSql = () =>
  sql<number>`(${orders.total} - ${orders.depositApplied} - coalesce((select sum(p.amount) from order_payments p
    where p.order_id = ${ORDER_ID} and p.status = 'succeeded' and p.kind <> 'deposit-capture'), 0))::float8`;

/**
 * True while the order counts a bid deposit as applied that has not been
 * captured yet (decision 0044): until then nothing else may settle the order,
 * or the deposit would be counted as paid and never collected.
 */
export const depositOutstandingSql = () =>
  sql<boolean>`(${orders.depositApplied} > 0 and not exists (select 1 from order_payments p
    where p.order_id = ${ORDER_ID} and p.kind = 'deposit-capture' and p.status = 'succeeded'))`;
