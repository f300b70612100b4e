import type { Database } from '@lotline/db';
import { termsVersions } from '@lotline/db/schema';
import { desc } from 'drizzle-orm';
import { currentTerms, termsColumns, toTermsVersion } from './current-terms';

/** Every published version, newest first (version 1 is stored on the first read). */
export async function listTermsVersions(db: Database) {
  await currentTerms(db);
  const rows = await db.select(termsColumns).from(termsVersions).orderBy(desc(termsVersions.number));
  return rows.map(toTermsVersion);
}
