import { z } from 'zod';
import { EVENT_LOT_STATUSES } from './enums';
import { keyParam } from './reads-params';

/** Contract §5: a live stream subscribes to at most this many lots by id. */
export const LIVE_MAX_LOT_IDS = 500;

/** `eventLotIds`: a comma list of 1–500 distinct-or-not lot ids (duplicates are dropped). */
const lotIdList = z
  .string()
  .max(LIVE_MAX_LOT_IDS * 201)
  .transform((value, ctx) => {
    const ids = [...new Set(value.split(',').map((id) => id.trim()))];
    if (ids.some((id) => !keyParam().safeParse(id).success)) {
      ctx.addIssue({ code: 'custom', message: 'Must be a comma-separated list of lot ids' });
      return z.NEVER;
    }
    if (ids.length > LIVE_MAX_LOT_IDS) {
      ctx.addIssue({ code: 'custom', message: `At most ${LIVE_MAX_LOT_IDS} lot ids` });
      return z.NEVER;
    }
    return ids;
  });

/** GET /marketplace/api/live: `eventLotIds` and/or `eventId`, at least one. */
export const liveQuerystring = z
  .object({
    eventLotIds: lotIdList.optional().describe(`Comma-separated lot ids, at most ${LIVE_MAX_LOT_IDS}`),
    eventId: keyParam().optional().describe('Every public lot of this event'),
  })
  .strict()
  .refine((q) => q.eventLotIds !== undefined || q.eventId !== undefined, {
    message: 'Give eventLotIds or eventId',
    path: ['eventLotIds'],
  });

/** The data of one `lot` event of the live stream (contract §5); `serverTime` is the database clock at the read. */
export const liveLotEvent = z.object({
  _id: z.string(),
  currentBid: z.object({ amount: z.number().int() }).nullable(),
  bidsCount: z.number().int(),
  endedAt: z.string().nullable(),
  status: z.enum(EVENT_LOT_STATUSES),
  serverTime: z.string(),
  /** The lot's event is paused by the marketplace (decisions 0087, 0093): its clock stands still. */
  paused: z.boolean(),
});
export type LiveLotEvent = z.infer<typeof liveLotEvent>;
