import { z } from 'zod';
import { verificationState } from './account';

/**
 * GET /marketplace-api/staff/users/{userId}/activity (decision 0075): what staff read before deciding about a
 * person: the verification steps, and the newest of their registrations, bids, orders and conversations with each
 * list's total. Amounts are minor units in the row's currency.
 */
export const STAFF_USER_ACTIVITY_LIMIT = 20;

const listOf = <T extends z.ZodTypeAny>(item: T) =>
  z.object({ total: z.number().int().describe('All of them; `items` holds the newest'), items: z.array(item) });

export const staffUserActivity = z.object({
  verification: verificationState,
  registrations: listOf(
    z.object({
      _id: z.string(),
      eventId: z.string(),
      eventTitle: z.string(),
      status: z.string(),
      bidLimitMinor: z.number().int().nullable(),
      currency: z.string().nullable(),
      registeredAt: z.string(),
    }),
  ),
  bids: listOf(
    z.object({
      _id: z.string(),
      lotId: z.string(),
      lotTitle: z.string(),
      amount: z.number().int(),
      maxAmount: z.number().int().nullable(),
      currency: z.string(),
      at: z.string(),
    }),
  ),
  orders: listOf(
    z.object({
      _id: z.string(),
      number: z.string(),
      status: z.string(),
      total: z.number().int(),
      currency: z.string(),
      createdAt: z.string(),
    }),
  ),
  conversations: listOf(
    z.object({
      _id: z.string(),
      companyName: z.string(),
      messages: z.number().int(),
      lastMessageAt: z.string(),
    }),
  ),
});
export type StaffUserActivity = z.infer<typeof staffUserActivity>;
export const staffUserActivityResponse = z.object({ activity: staffUserActivity });
