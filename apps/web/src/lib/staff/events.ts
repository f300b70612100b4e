/** The staff events pages (decision 0081). */
export const STAFF_EVENTS_PATH = '/staff/events';
export const staffEventPath = (eventId: string) => `${STAFF_EVENTS_PATH}/${encodeURIComponent(eventId)}`;
