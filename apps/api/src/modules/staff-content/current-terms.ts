import type { TermsVersion } from '@lotline/contracts';
import type { Executor } from '@lotline/db';
import { termsVersions } from '@lotline/db/schema';
import { desc } from 'drizzle-orm';
import { TERMS_V1 } from './terms-v1';

export const termsColumns = {
  number: termsVersions.number,
  markdown: termsVersions.markdown,
  publishedAt: termsVersions.publishedAt,
  publishedBy: termsVersions.publishedBy,
};

type TermsRow = { number: number; markdown: string; publishedAt: Date; publishedBy: string | null };

export const toTermsVersion = (row: TermsRow): TermsVersion & { publishedBy: string | null } => ({
  ...row,
  publishedAt: row.publishedAt.toISOString(),
});

/** The version in force: the highest number. Null only before version 1 is stored. */
export async function latestTerms(db: Executor): Promise<TermsRow | null> {
  const [row] = await db.select(termsColumns).from(termsVersions).orderBy(desc(termsVersions.number)).limit(1);
  return row ?? null;
}

/**
 * The version in force, storing version 1 first when the table is empty (a
 * reset database): the insert is idempotent, so concurrent first reads agree.
 */
export async function currentTerms(db: Executor): Promise<TermsRow> {
  const found = await latestTerms(db);
  if (found) return found;
  await db
    .insert(termsVersions)
    .values({ number: 1, markdown: TERMS_V1.markdown, publishedAt: TERMS_V1.publishedAt })
    .onConflictDoNothing();
  const stored = await latestTerms(db);
  if (!stored) throw new Error('The first version of the Terms of Use could not be stored.');
  return stored;
}
