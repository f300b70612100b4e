import { randomBytes, randomUUID } from 'node:crypto';
import type { Database } from '@lotline/db';
import { sandboxAccountLinks, sandboxConnectedAccounts } from '@lotline/db/schema';
import { and, eq, gt, isNull, sql } from 'drizzle-orm';
import type {
  ConnectedAccount,
  ConnectProvider,
  CreateAccountRequest,
  OnboardingLinkRequest,
} from '../connect-provider';
import { connectRefused } from '../connect-provider';

/** The sandbox's onboarding pages, beside its card pages (decision 0015): outside the API's /marketplace-api space. */
export const SANDBOX_CONNECT_PREFIX = '/payments-sandbox/connect';

/** How an onboarding on the sandbox page ends: a verified account, or one whose payouts stay disabled. */
export type SandboxOnboardingOutcome = 'verified' | 'restricted';

type AccountRow = typeof sandboxConnectedAccounts.$inferSelect;
const state = (row: AccountRow): ConnectedAccount => ({
  id: row.id,
  detailsSubmitted: row.detailsSubmitted,
  chargesEnabled: row.chargesEnabled,
  payoutsEnabled: row.payoutsEnabled,
});

/**
 * The built-in Connect provider (decision 0090), shaped like Stripe's Express onboarding: an account made once per
 * idempotency key, a single-use link (five minutes, as Stripe's) to a page of the sandbox where the person
 * finishes onboarding, a redirect to the merchant's return URL, and the state the merchant reads by id. No real
 * money reaches these accounts, so no payout is ever transferred to one.
 */
export class SandboxConnectProvider implements ConnectProvider {
  readonly name = 'sandbox' as const;

  constructor(
    private readonly db: Database,
    private readonly publicOrigin: string,
  ) {}

  async createAccount(request: CreateAccountRequest): Promise<ConnectedAccount> {
    // Stripe-shaped id (`acct_` then letters and digits): the payout account table holds either provider's.
    const id = `acct_sbx${randomUUID().replaceAll('-', '')}`;
    await this.db
      .insert(sandboxConnectedAccounts)
      .values({
        id,
        idempotencyKey: request.idempotencyKey,
        reference: request.reference,
        country: request.country ?? 'US',
      })
      .onConflictDoNothing({ target: sandboxConnectedAccounts.idempotencyKey });
    const [row] = await this.db
      .select()
      .from(sandboxConnectedAccounts)
      .where(eq(sandboxConnectedAccounts.idempotencyKey, request.idempotencyKey));
    if (!row) throw new Error(`sandbox account for key ${request.idempotencyKey} missing`);
    return state(row);
  }

  async createOnboardingLink(request: OnboardingLinkRequest): Promise<string> {
    await this.account(request.accountId);
    const id = `al_sbx${randomBytes(24).toString('base64url')}`;
    await this.db.insert(sandboxAccountLinks).values({
      id,
      accountId: request.accountId,
      returnUrl: request.returnUrl,
      refreshUrl: request.refreshUrl,
      expiresAt: sql`now() + interval '5 minutes'` as unknown as Date,
    });
    return `${this.publicOrigin}${SANDBOX_CONNECT_PREFIX}/${id}`;
  }

  async retrieveAccount(accountId: string): Promise<ConnectedAccount> {
    return state(await this.account(accountId));
  }

  /** The page's link with its account, if it exists; `usable`: not used and not expired (database clock). */
  async link(linkId: string) {
    const [row] = await this.db
      .select({
        id: sandboxAccountLinks.id,
        accountId: sandboxAccountLinks.accountId,
        returnUrl: sandboxAccountLinks.returnUrl,
        refreshUrl: sandboxAccountLinks.refreshUrl,
        usable: sql<boolean>`${sandboxAccountLinks.usedAt} is null and ${sandboxAccountLinks.expiresAt} > now()`,
      })
      .from(sandboxAccountLinks)
      .where(eq(sandboxAccountLinks.id, linkId));
    return row;
  }

  /**
   * The page's form: uses the link up (once; a second submit or an expired link is sent to the refresh URL, as
   * Stripe does) and records the outcome on the account. Answers where to send the browser.
   */
  async finishOnboarding(linkId: string, outcome: SandboxOnboardingOutcome | null): Promise<string | null> {
    return this.db.transaction(async (tx) => {
      const [used] = await tx
        .update(sandboxAccountLinks)
        .set({ usedAt: sql`now()` })
        .where(
          and(
            eq(sandboxAccountLinks.id, linkId),
            isNull(sandboxAccountLinks.usedAt),
            gt(sandboxAccountLinks.expiresAt, sql`now()`),
          ),
        )
        .returning({ accountId: sandboxAccountLinks.accountId, returnUrl: sandboxAccountLinks.returnUrl });
      if (!used) {
        const [link] = await tx
          .select({ refreshUrl: sandboxAccountLinks.refreshUrl })
          .from(sandboxAccountLinks)
          .where(eq(sandboxAccountLinks.id, linkId));
        return link?.refreshUrl ?? null;
      }
      if (outcome) {
        await tx
          .update(sandboxConnectedAccounts)
          .set({
            detailsSubmitted: true,
            chargesEnabled: outcome === 'verified',
            payoutsEnabled: outcome === 'verified',
            updatedAt: sql`now()`,
          })
          .where(eq(sandboxConnectedAccounts.id, used.accountId));
      }
      return used.returnUrl;
    });
  }

  private async account(accountId: string): Promise<AccountRow> {
    const [row] = await this.db
      .select()
      .from(sandboxConnectedAccounts)
      .where(eq(sandboxConnectedAccounts.id, accountId));
    if (!row) throw connectRefused(`No such account: ${accountId}.`);
    return row;
  }
}
