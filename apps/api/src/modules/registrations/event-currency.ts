import { eventLots, events } from '@lotline/db/schema';
import { type AnyColumn, type SQL, sql } from 'drizzle-orm';

/**
 * An event's currency, which a bid limit is in (decision 0080): its lots' (the engine names a refused bid's
 * limit in the lot's currency), else, before it has lots, its deposit's.
 */
export const eventCurrencySql = (eventId: AnyColumn | SQL | string): SQL<string> =>
  sql<string>`(select coalesce((select ${eventLots.currency} from ${eventLots} where ${eventLots.eventId} = e.id
    order by ${eventLots.id} limit 1), e.bid_deposit_currency) from ${events} e where e.id = ${eventId})`;
