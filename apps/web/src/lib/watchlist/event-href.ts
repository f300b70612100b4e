import { slugify } from '../lots/slugify';

/** Event page route (spec §2): /marketplace/event/{slug of event name}/{event id}. */
export function eventHref(event: { _id: string; name: string }): string {
  return `/marketplace/event/${slugify(event.name) || 'event'}/${encodeURIComponent(event._id)}`;
}
