import { sql } from 'drizzle-orm';

/**
 * The users the demo buys, bids and wins as (`u` is the users table): buyer accounts only, verified and
 * activated, with no role (no seller, no staff) and no company, so no demo order is ever a seller's people
 * buying (their own company's lots are refused as OWN_LOT in any case). buyer@ and bidder1..4@ are left out:
 * the browser tests and newcomers act as them and expect their records as the seed made them.
 */
export const isDemoBuyer = sql`(u.verified and u.email_verified and cardinality(u.roles) = 0
  and not exists (select 1 from company_members m where m.user_id = u.id)
  and u.email <> 'buyer@example.com' and u.email not like 'bidder%@example.com')`;
