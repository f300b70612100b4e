import { sellerEventsResponse } from '@lotline/contracts';
import { callApi } from '../../lib/auth/api-call.server';
import { sellerEventLotsPath } from '../../lib/seller-lots/paths';

/** The seller home's way to the lot pages (issue 16): each of the company's latest events, to its lots. */
export async function EventLotsLinks() {
  const answer = await callApi<unknown>('GET', '/marketplace-api/seller/events?pageSize=20');
  const parsed = answer.ok ? sellerEventsResponse.safeParse(answer.data) : null;
  if (!parsed?.success || parsed.data.events.length === 0) return null;
  return (
    <section aria-labelledby="event-lots-title">
      <h2 id="event-lots-title">Lots of your events</h2>
      <ul>
        {parsed.data.events.map((e) => (
          <li key={e._id}>
            <a href={sellerEventLotsPath(e._id)}>
              Lots of {e.name} ({e.status}, {e.lotsCount} lots)
            </a>
          </li>
        ))}
      </ul>
    </section>
  );
}
