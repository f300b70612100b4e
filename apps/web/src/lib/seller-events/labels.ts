import type { EventStatus } from '@lotline/contracts/enums';

/** How the console names an event's status and shows a time (UTC, stated plainly). */
export const EVENT_STATUS_LABEL: Record<EventStatus, string> = {
  draft: 'Draft',
  published: 'Published',
  'view-only': 'View only',
  finalized: 'Finalized',
};

export const utcText = (iso: string) => `${iso.slice(0, 10)} ${iso.slice(11, 16)} UTC`;
