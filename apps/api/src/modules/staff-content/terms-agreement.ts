import { TERMS_CODES, type TermsAgreementState } from '@lotline/contracts';
import type { Executor } from '@lotline/db';
import { idempotencyKeys, termsAgreements, termsVersions, users } from '@lotline/db/schema';
import { desc, sql } from 'drizzle-orm';
import { AppError } from '../../lib/errors';
import { currentTerms } from './current-terms';

/**
 * Whether the user agreed to the Terms of Use in force (decision 0084). Three
 * ways count: the version in force is still version 1, which every account was
 * opened under; the account was created once that version was published (the
 * sign-up is the agreement, as the terms say); or the user agreed to it since.
 * One query on the database clock's rows, so it can run inside a bid's transaction.
 */
export async function termsState(db: Executor, userId: string): Promise<TermsAgreementState> {
  const { currentVersion, agreed } = await readTerms(db, userId, undefined);
  return { currentVersion, agreed };
}

async function readTerms(
  db: Executor,
  userId: string,
  answeredKey: string | undefined,
): Promise<TermsAgreementState & { answered: boolean }> {
  const [row] = await db
    .select({
      number: termsVersions.number,
      agreed: sql<boolean>`(${termsVersions.number} = 1
        or exists (select 1 from ${users} where ${users.id} = ${userId} and ${users.createdAt} >= ${termsVersions.publishedAt})
        or exists (select 1 from ${termsAgreements} where ${termsAgreements.userId} = ${userId}
          and ${termsAgreements.version} = ${termsVersions.number}))`,
      answered:
        answeredKey === undefined
          ? sql<boolean>`false`
          : sql<boolean>`exists (select 1 from ${idempotencyKeys} where ${idempotencyKeys.userId} = ${userId}
              and ${idempotencyKeys.key} = ${answeredKey} and ${idempotencyKeys.responseStatus} is not null)`,
    })
    .from(termsVersions)
    .orderBy(desc(termsVersions.number))
    .limit(1)
    // Planned once per connection (decision 0105): every bid asks it. Two texts, with a key and without.
    .prepare(answeredKey === undefined ? 'lotline_terms_state' : 'lotline_terms_state_key')
    .execute();
  // No version stored yet: version 1 is in force, and it counts for everyone.
  return row
    ? { currentVersion: row.number, agreed: row.agreed, answered: row.answered }
    : { currentVersion: 1, agreed: true, answered: false };
}

/**
 * Refuses (403 TERMS_OF_USE_NOT_AGREED) a user who has not agreed to the Terms
 * of Use in force. The registration path calls it first, in its transaction, so
 * a new version stops registering until the bidder agrees again. With
 * `answeredKey` (a bid's Idempotency-Key), a retry of a request already answered
 * under that key passes whatever it was answered, even after a new version, and
 * is answered as before (decision 0084); the same one statement reads both.
 */
export async function assertTermsAgreed(db: Executor, userId: string, answeredKey?: string): Promise<void> {
  const state = await readTerms(db, userId, answeredKey);
  if (state.agreed || state.answered) return;
  throw new AppError(
    TERMS_CODES.notAgreed,
    `Lotline's Terms of Use have changed (version ${state.currentVersion}). Read them on the Terms of Use page and agree to them before you bid or register.`,
    { status: 403 },
  );
}

/**
 * Records the user's agreement to `version`, which must be the version in
 * force (409 TERMS_VERSION_STALE otherwise: the page they read is out of date).
 * Agreeing again changes nothing.
 */
export async function agreeToTerms(db: Executor, userId: string, version: number): Promise<TermsAgreementState> {
  const current = await currentTerms(db);
  if (version !== current.number)
    throw new AppError(
      TERMS_CODES.stale,
      `Version ${version} is not the Terms of Use in force: read version ${current.number} and agree to it.`,
      { status: 409, field: 'version' },
    );
  await db.insert(termsAgreements).values({ userId, version }).onConflictDoNothing();
  return termsState(db, userId);
}
