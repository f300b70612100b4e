import { type Database, queryPrepared } from '@lotline/db';
import { rateLimits } from '@lotline/db/schema';
import { eq, sql } from 'drizzle-orm';
import { AppError, isAppError } from '../errors';

/**
 * Fixed-window attempt counters with exponential backoff, kept in the
 * database (decision 0009). `limit` attempts per `windowMs` are allowed; the
 * next one blocks the key for `baseBlockMs`, doubling with each further block
 * up to `maxBlockMs`. A key that stays out of trouble for `maxBlockMs` after
 * its last block starts again from the base.
 */
export interface RatePolicy {
  name: string;
  limit: number;
  windowMs: number;
  baseBlockMs: number;
  maxBlockMs: number;
}

const MINUTE = 60_000;
const HOUR = 60 * MINUTE;

export const POLICIES = {
  /** Every sign-in attempt from one address (decision 0026). */
  signInByIp: { name: 'sign-in:ip', limit: 30, windowMs: 15 * MINUTE, baseBlockMs: MINUTE, maxBlockMs: HOUR },
  /**
   * Failed sign-ins for one e-mail from one address: guessing one person's password from one place.
   * It blocks that address only, so an attacker cannot lock the owner out from everywhere.
   */
  signInFailuresByEmailAndIp: {
    name: 'sign-in-fail:email-ip',
    limit: 5,
    windowMs: 15 * MINUTE,
    baseBlockMs: MINUTE,
    maxBlockMs: 15 * MINUTE,
  },
  /** 20: an office behind one NAT address may sign several colleagues up in an hour. */
  signUpByIp: { name: 'sign-up:ip', limit: 20, windowMs: HOUR, baseBlockMs: 10 * MINUTE, maxBlockMs: 24 * HOUR },
  resetByIp: { name: 'reset:ip', limit: 10, windowMs: HOUR, baseBlockMs: 10 * MINUTE, maxBlockMs: 24 * HOUR },
  /**
   * Reset mails to one address: stops the form being used to flood someone's inbox. Never answered
   * with 429 (it is checked with `allows`): over it, no new mail goes out, and the newest one sent,
   * at most window + block = 30 minutes old, still works (links live 1 hour).
   */
  resetMailsByEmail: {
    name: 'reset-mail:email',
    limit: 2,
    windowMs: 10 * MINUTE,
    baseBlockMs: 20 * MINUTE,
    maxBlockMs: 20 * MINUTE,
  },
  /** Following reset and activation links (tokens are unguessable; this bounds the work). */
  linkByIp: { name: 'link:ip', limit: 30, windowMs: HOUR, baseBlockMs: 10 * MINUTE, maxBlockMs: 24 * HOUR },
  activationMailByUser: {
    name: 'activation-mail:user',
    limit: 3,
    windowMs: HOUR,
    baseBlockMs: 15 * MINUTE,
    maxBlockMs: 24 * HOUR,
  },
  /** Wrong current passwords on the account page: a stolen session must not become a password oracle. */
  passwordCheckFailuresByUser: {
    name: 'password-check-fail:user',
    limit: 5,
    windowMs: 15 * MINUTE,
    baseBlockMs: MINUTE,
    maxBlockMs: HOUR,
  },
  /** Changes on the account page (addresses, vars, terms): generous for a person, a bound for a script. */
  accountWritesByUser: {
    name: 'account-write:user',
    limit: 120,
    windowMs: 15 * MINUTE,
    baseBlockMs: MINUTE,
    maxBlockMs: HOUR,
  },
  /** Watch toggles (decision 0011): a person clicks a few; a script adding thousands is stopped. */
  watchlistWritesByUser: {
    name: 'watchlist-write:user',
    limit: 300,
    windowMs: 15 * MINUTE,
    baseBlockMs: MINUTE,
    maxBlockMs: HOUR,
  },
  /** Messages sent (decision 0016): a conversation's worth for a person, a bound for a spammer. */
  messageWritesByUser: {
    name: 'message-write:user',
    limit: 60,
    windowMs: 15 * MINUTE,
    baseBlockMs: MINUTE,
    maxBlockMs: HOUR,
  },
  /** Upload policies (decision 0012): a listing with dozens of photos fits; a script filling the disk does not. */
  uploadPoliciesByUser: {
    name: 'upload-policy:user',
    limit: 300,
    windowMs: 15 * MINUTE,
    baseBlockMs: MINUTE,
    maxBlockMs: HOUR,
  },
  /**
   * Bids (decision 0069): 3 a second for 10 seconds is beyond any person in a lot's closing minute, even one
   * raising a maximum again and again; a script hammering a lot is stopped for 10 s, doubling up to 5 minutes.
   */
  bidsByUser: { name: 'bid:user', limit: 30, windowMs: 10_000, baseBlockMs: 10_000, maxBlockMs: 5 * MINUTE },
  /** Tenders, purchases, offers made and answered (decision 0069): one a second for a minute. */
  tradeWritesByUser: { name: 'trade-write:user', limit: 60, windowMs: MINUTE, baseBlockMs: MINUTE, maxBlockMs: HOUR },
  /**
   * Every write of the seller console (events, lots, photos, documents, imports, registrations, awards, the
   * company; decision 0069): two a second for a minute, for a seller reordering and editing fast.
   */
  sellerWritesByUser: {
    name: 'seller-write:user',
    limit: 120,
    windowMs: MINUTE,
    baseBlockMs: MINUTE,
    maxBlockMs: HOUR,
  },
} satisfies Record<string, RatePolicy>;

/** Per policy name, another allowance or window (config `rateLimitOverrides`; tests only). */
export type RateLimitOverrides = Partial<Record<string, Pick<RatePolicy, 'limit' | 'windowMs'>>>;

/**
 * A limit that slows down instead of refusing: `free` counted events per
 * window pass at once; each further one makes the next attempt wait, doubling
 * from `baseDelayMs` up to `maxDelayMs` (decision 0026).
 */
export interface DelayPolicy {
  name: string;
  free: number;
  windowMs: number;
  baseDelayMs: number;
  maxDelayMs: number;
}

export const DELAYS = {
  /**
   * Failed sign-ins for one e-mail from anywhere: a slow, distributed guesser. The owner's right
   * password still works, at most 5 seconds later; a block here would let anyone lock them out.
   */
  signInFailuresByEmail: {
    // Not decision 0009's `sign-in-fail:email` key, whose rows may still hold a block.
    name: 'sign-in-fail:account',
    free: 10,
    windowMs: HOUR,
    baseDelayMs: 250,
    maxDelayMs: 5_000,
  },
} satisfies Record<string, DelayPolicy>;

function limited(until: Date, now: Date): AppError {
  const seconds = Math.max(1, Math.ceil((until.getTime() - now.getTime()) / 1000));
  const wait = seconds < 120 ? `${seconds} seconds` : `${Math.ceil(seconds / 60)} minutes`;
  return new AppError('RATE_LIMITED', `Too many attempts. Try again in ${wait}.`, {
    headers: { 'retry-after': String(seconds) },
  });
}

export class RateLimiter {
  constructor(
    private readonly db: Database,
    private readonly now: () => Date = () => new Date(),
    /** Multiplies each policy's limit (config RATE_LIMIT_SCALE; 1 in production). */
    private readonly scale = 1,
    private readonly overrides: RateLimitOverrides = {},
  ) {}

  private policy(policy: RatePolicy): RatePolicy {
    const override = this.overrides[policy.name];
    return override ? { ...policy, ...override } : policy;
  }

  /** Throws RATE_LIMITED while the key is blocked; counts nothing. */
  async check(policy: RatePolicy, subject: string): Promise<void> {
    const now = this.now();
    const [row] = await this.db
      .select({ blockedUntil: rateLimits.blockedUntil })
      .from(rateLimits)
      .where(eq(rateLimits.key, `${policy.name}:${subject}`));
    if (row?.blockedUntil && row.blockedUntil > now) throw limited(row.blockedUntil, now);
  }

  /**
   * Counts one attempt; throws RATE_LIMITED when the key is blocked or this attempt goes over the limit.
   * One statement (an upsert, which locks the key's row, so concurrent attempts on one key are each counted once):
   * every write request of the API passes here, and a transaction of three round trips was a fifth of a bid's.
   */
  async hit(asked: RatePolicy, subject: string): Promise<void> {
    const policy = this.policy(asked);
    const key = `${policy.name}:${subject}`;
    const now = this.now();
    const limit = policy.limit * this.scale;
    // A key seen for the first time: this attempt is its first hit, or over a limit below one.
    const firstBlock = new Date(now.getTime() + Math.min(policy.maxBlockMs, policy.baseBlockMs));
    const fresh = 1 <= limit ? { hits: 1, windowStart: now, strikes: 0, blockedUntil: null } : null;
    // The same rules as the first hit for a row that exists: blocked stays blocked and is not counted; a strike
    // history ends after maxBlockMs of good behaviour; a window past windowMs starts again; over the limit blocks
    // for baseBlockMs doubled per strike, at most maxBlockMs, and the next window starts when the block ends.
    const nowAt = sql`${now.toISOString()}::timestamptz`;
    const blocked = sql`(r.blocked_until is not null and r.blocked_until > ${nowAt})`;
    const strikes = sql`(case when r.blocked_until is not null and ${nowAt} - r.blocked_until >= ${policy.maxBlockMs} * interval '1 millisecond' then 0 else r.strikes end)`;
    const expired = sql`(${nowAt} - r.window_start >= ${policy.windowMs} * interval '1 millisecond')`;
    const hits = sql`((case when ${expired} then 0 else r.hits end) + 1)`;
    const over = sql`(${hits} > ${limit}::float8)`;
    const until = sql`(${nowAt} + greatest(1, least(${policy.maxBlockMs}::float8, ${policy.baseBlockMs}::float8 * power(2, ${strikes}))) * interval '1 millisecond')`;
    // Planned once per connection (decision 0105): every write request of the API passes here.
    const [row] = await queryPrepared<{ blocked_until: string | null; blocked: boolean }>(
      this.db,
      sql`
      insert into rate_limits as r (key, hits, window_start, strikes, blocked_until)
      values (${key}, ${fresh?.hits ?? 0}, ${(fresh?.windowStart ?? firstBlock).toISOString()}::timestamptz,
        ${fresh?.strikes ?? 1}, ${fresh ? null : firstBlock.toISOString()}::timestamptz)
      on conflict (key) do update set
        hits = case when ${blocked} then r.hits when ${over} then 0 else ${hits} end,
        window_start = case when ${blocked} then r.window_start when ${over} then ${until}
          when ${expired} then ${nowAt} else r.window_start end,
        strikes = case when ${blocked} then r.strikes when ${over} then ${strikes} + 1 else ${strikes} end,
        blocked_until = case when ${blocked} then r.blocked_until when ${over} then ${until} else r.blocked_until end
      returning blocked_until::text, (blocked_until is not null and blocked_until > ${nowAt}) as blocked`,
    );
    if (row?.blocked && row.blocked_until) throw limited(new Date(row.blocked_until), now);
  }

  /** Like `hit`, but answers whether the attempt is allowed instead of throwing: for limits the answer must not reveal. */
  async allows(policy: RatePolicy, subject: string): Promise<boolean> {
    try {
      await this.hit(policy, subject);
      return true;
    } catch (err) {
      if (isAppError(err) && err.code === 'RATE_LIMITED') return false;
      throw err;
    }
  }

  /** Counts one event against a delay policy; never refuses. */
  async count(policy: DelayPolicy, subject: string): Promise<void> {
    const unlimited = { name: policy.name, limit: Number.POSITIVE_INFINITY, windowMs: policy.windowMs };
    await this.hit({ ...unlimited, baseBlockMs: 0, maxBlockMs: 0 }, subject);
  }

  /** How long the next attempt under a delay policy waits, in milliseconds (0 within the free allowance). */
  async delayMs(policy: DelayPolicy, subject: string): Promise<number> {
    const [row] = await this.db
      .select({ hits: rateLimits.hits, windowStart: rateLimits.windowStart })
      .from(rateLimits)
      .where(eq(rateLimits.key, `${policy.name}:${subject}`));
    if (!row || this.now().getTime() - row.windowStart.getTime() >= policy.windowMs) return 0;
    const over = row.hits - policy.free * this.scale;
    return over <= 0 ? 0 : Math.min(policy.maxDelayMs, policy.baseDelayMs * 2 ** (over - 1));
  }

  /** Forgets the attempts of a window (e.g. after a successful sign-in); earlier blocks still count for backoff. */
  async reset(policy: RatePolicy, subject: string): Promise<void> {
    await this.db
      .update(rateLimits)
      .set({ hits: 0, windowStart: this.now() })
      .where(eq(rateLimits.key, `${policy.name}:${subject}`));
  }
}
