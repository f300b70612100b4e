import type { SellerEventsResponse } from '@lotline/contracts';
import { SELLER_EVENTS_PATH, SELLER_NEW_EVENT_PATH } from '@lotline/contracts/page-paths';
import type { Metadata } from 'next';
import { callApi } from '../../../../lib/auth/api-call.server';
import { newEventValues } from '../../../../lib/seller-events/event-form';
import { EventForm } from '../event-form';
import styles from '../events.module.css';
import { NOT_A_SELLER, requireSignedIn } from '../seller-event-access.server';

export const metadata: Metadata = { title: 'Create an event' };

/** /seller/events/new (issue 16): create a draft for one of the seller's companies. */
export default async function NewSellerEventPage() {
  await requireSignedIn(SELLER_NEW_EVENT_PATH);
  const answer = await callApi<SellerEventsResponse>('GET', '/marketplace-api/seller/events?pageSize=1');
  const companies = answer.data?.companies ?? [];
  return (
    <div className={styles.page}>
      <p>
        <a href={SELLER_EVENTS_PATH}>← Your events</a>
      </p>
      <h1>Create an event</h1>
      {answer.status === 403 || (answer.ok && companies.length === 0) ? (
        <p>{NOT_A_SELLER}</p>
      ) : answer.ok ? (
        <>
          <p className={styles.muted}>The event is a draft, seen only by your company, until you publish it.</p>
          <EventForm companies={companies} stored={newEventValues()} />
        </>
      ) : (
        <p role="alert">The form could not be loaded. Reload the page to try again.</p>
      )}
    </div>
  );
}
