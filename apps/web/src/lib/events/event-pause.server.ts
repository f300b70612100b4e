import 'server-only';
import { type EventPause, eventPauseResponse } from '@lotline/contracts';
import { apiGet } from '../api/api.server';

/**
 * The event's pause by the marketplace while it lasts (decision 0087), or null: also when the read fails (the
 * API refuses every action on a paused event all the same; the page still shows).
 */
export async function loadEventPause(eventId: string): Promise<EventPause | null> {
  try {
    return (await apiGet(`/marketplace-api/events/${encodeURIComponent(eventId)}/pause`, {}, eventPauseResponse)).pause;
  } catch (error) {
    console.error(`[event pause] the pause of event ${eventId} could not be read`, error);
    return null;
  }
}
