/**
 * A date and time for a server-rendered page: in UTC and saying so (the
 * user's time zone comes with the account settings).
 */
export const formatUtcDateTime = (iso: string) =>
  `${new Intl.DateTimeFormat('en-US', { dateStyle: 'medium', timeStyle: 'short', timeZone: 'UTC' }).format(new Date(iso))} UTC`;
