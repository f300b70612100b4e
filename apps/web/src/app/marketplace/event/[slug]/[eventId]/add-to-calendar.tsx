import { type CalendarEntry, googleCalendarUrl, icsCalendar, icsDataUrl } from '../../../../../lib/events/calendar';
import styles from './event-page.module.css';

/**
 * Add to Calendar (spec §2): a Google Calendar entry at the event's end,
 * titled "Auction - {event name}", and the same entry as an .ics file beside
 * it. Both addresses are computed here, on the server render: the calendar
 * link goes straight to the calendar service and the file is a `data:`
 * address, so neither calls our server.
 */
export function AddToCalendar({ entry, now, host }: { entry: CalendarEntry; now: Date; host: string }) {
  const fileName = `auction-${entry.eventId}.ics`;
  return (
    <span className={styles.calendar}>
      <a
        className={styles.actionLink}
        href={googleCalendarUrl(entry)}
        target="_blank"
        rel="noopener noreferrer"
        data-testid="add-to-calendar"
      >
        Add to Calendar<span className="visually-hidden"> (Google Calendar, opens in a new tab)</span>
      </a>
      <a className={styles.actionLink} href={icsDataUrl(icsCalendar(entry, now, host))} download={fileName}>
        Download .ics<span className="visually-hidden"> calendar file for the event's end</span>
      </a>
    </span>
  );
}
