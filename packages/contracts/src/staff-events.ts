import { z } from 'zod';
import { EVENT_STATUSES } from './enums';
import { pagination } from './envelope';
import { keyParam } from './reads-params';

/**
 * Staff run events and lots across companies (decisions 0081 and 0082): find any company's event, see it and
 * its lots as the seller does, withdraw a lot with a reason the lot page shows.
 */

/** Why: shown to the lot's bidders and watchers and on the lot page, so it must say something. */
export const staffReason = z
  .string()
  .trim()
  .min(3, 'Give a reason of at least 3 characters')
  .max(500, 'Keep the reason under 500 characters')
  // biome-ignore lint/suspicious/noControlCharactersInRegex: matching control characters is the point.
  .regex(/^[^\u0000-\u0009\u000b-\u001f\u007f]*$/, 'The reason must not contain control characters');

export const staffLotParams = z.object({ lotId: keyParam() }).strict();

export const staffWithdrawLotBody = z.object({ reason: staffReason }).strict();
export type StaffWithdrawLotBody = z.infer<typeof staffWithdrawLotBody>;

/** A lot the marketplace withdrew: why and when (the lot page's notice). */
export const lotWithdrawal = z.object({ reason: z.string(), withdrawnAt: z.string() });
export type LotWithdrawal = z.infer<typeof lotWithdrawal>;

export const staffWithdrawnLotResponse = z.object({
  lot: z.object({ id: z.string(), status: z.string(), withdrawal: lotWithdrawal }),
  /** Bidders and watchers told by e-mail. */
  notified: z.number().int(),
});
export type StaffWithdrawnLotResponse = z.infer<typeof staffWithdrawnLotResponse>;

/** GET /marketplace-api/lots/{lotId}/withdrawal: why the marketplace withdrew the lot, or null. */
export const lotWithdrawalResponse = z.object({ withdrawal: lotWithdrawal.nullable() });
export type LotWithdrawalResponse = z.infer<typeof lotWithdrawalResponse>;

export const STAFF_EVENTS_PAGE_SIZE = 30;
export const staffEventsQuery = z
  .object({
    q: z
      .string()
      .trim()
      .max(200, 'At most 200 characters.')
      .optional()
      .describe("Part of the event's name or its company's name, any case; empty or absent: every event"),
    status: z.enum(EVENT_STATUSES, { error: `A status is one of ${EVENT_STATUSES.join(', ')}.` }).optional(),
    pageSize: z.coerce.number().int().min(1).max(100).default(STAFF_EVENTS_PAGE_SIZE),
    pageNumber: z.coerce.number().int().min(1).max(10_000).default(1),
  })
  .strict();
export type StaffEventsQuery = z.infer<typeof staffEventsQuery>;

export const staffEventSummary = z.object({
  id: z.string(),
  name: z.string(),
  status: z.enum(EVENT_STATUSES),
  company: z.object({ id: z.string(), name: z.string() }),
  startAt: z.string(),
  endAt: z.string(),
  lotsCount: z.number().int(),
});
export type StaffEventSummary = z.infer<typeof staffEventSummary>;

export const staffEventsResponse = z.object({ events: z.array(staffEventSummary), pagination });
export type StaffEventsResponse = z.infer<typeof staffEventsResponse>;

export const staffEventParams = z.object({ eventId: keyParam() }).strict();

/** An event's pause as buyers see it: why and since when (the database clock). */
export const eventPause = z.object({ reason: z.string(), pausedAt: z.string() });
export type EventPause = z.infer<typeof eventPause>;

export const staffEventLot = z.object({
  id: z.string(),
  number: z.string(),
  name: z.string(),
  type: z.string(),
  status: z.string(),
  currency: z.string(),
  /** The current bid (auction lots), minor units; null before the first. */
  currentBid: z.number().nullable(),
  bidsCount: z.number().int(),
  endedAt: z.string().nullable(),
  /** The lifecycle allows a withdrawal (scheduled or open). */
  withdrawable: z.boolean(),
  withdrawal: lotWithdrawal.nullable(),
});
export type StaffEventLot = z.infer<typeof staffEventLot>;

export const staffEventResponse = z.object({
  event: staffEventSummary,
  /** The open pause (decision 0087), null while the event runs. */
  pause: eventPause.nullable(),
  lots: z.array(staffEventLot),
});
export type StaffEventResponse = z.infer<typeof staffEventResponse>;

/**
 * A pause of an event by staff (decision 0087): bids, buy-now, tenders, offers, registrations and second-chance
 * acceptances on it are refused with `409 EVENT_PAUSED` while it lasts, and its lots' clocks stand still.
 */
export const EVENT_PAUSED = 'EVENT_PAUSED';

export const staffPauseEventBody = z.object({ reason: staffReason }).strict();
export type StaffPauseEventBody = z.infer<typeof staffPauseEventBody>;

/** GET /marketplace-api/events/{eventId}/pause: the event's pause while it is paused, else null. */
export const eventPauseResponse = z.object({ pause: eventPause.nullable() });
export type EventPauseResponse = z.infer<typeof eventPauseResponse>;
