import 'server-only';
import type { SellerEvent } from '@lotline/contracts';
import { notFound } from 'next/navigation';
import type { ReactElement } from 'react';
import styles from '../../app/seller/events/events.module.css';
import { NOT_A_SELLER, requireSignedIn } from '../../app/seller/events/seller-event-access.server';
import { callApi } from '../auth/api-call.server';

/**
 * The event a run page is about, read as its seller (the event page's rule):
 * a visitor signs in first; another company's event and an unknown one are
 * "not found" for a seller; anyone else is told why (a page to show instead).
 */
export async function readOwnEvent(
  eventId: string,
  back: string,
  title: string,
): Promise<{ event: SellerEvent } | { page: ReactElement }> {
  const user = await requireSignedIn(back);
  const answer = await callApi<SellerEvent>('GET', `/marketplace-api/seller/events/${encodeURIComponent(eventId)}`);
  if (answer.status === 404 || answer.status === 400) notFound();
  if (answer.status === 403) {
    if (user.roles.includes('seller')) notFound();
    return { page: message(title, NOT_A_SELLER) };
  }
  if (!answer.ok || !answer.data)
    return { page: message(title, 'The event could not be loaded. Reload the page to try again.') };
  return { event: answer.data };
}

function message(title: string, text: string): ReactElement {
  return (
    <div className={styles.page}>
      <h1>{title}</h1>
      <p role="alert">{text}</p>
    </div>
  );
}
