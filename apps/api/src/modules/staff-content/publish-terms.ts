import { TERMS_CODES, type TermsVersionBody } from '@lotline/contracts';
import type { Database } from '@lotline/db';
import { termsVersions } from '@lotline/db/schema';
import { AppError } from '../../lib/errors';
import { recordAudit } from '../audit/record-audit';
import { currentTerms, termsColumns, toTermsVersion } from './current-terms';

/**
 * Staff publish the next version of the Terms of Use (decision 0084). Versions
 * are never edited. `basedOn` must be the version in force, so an editor who
 * started from an older one does not silently replace a colleague's; two
 * publishes at once race for the same number and the primary key lets one
 * win (the other answers 409, as a stale one does). Every bidder is then asked
 * to agree again.
 */
export async function publishTerms(db: Database, actorId: string, body: TermsVersionBody) {
  return db.transaction(async (tx) => {
    const current = await currentTerms(tx);
    const stale = () =>
      new AppError(
        TERMS_CODES.stale,
        `Version ${current.number} is in force, not version ${body.basedOn}: reload it and make your changes there.`,
        { status: 409, field: 'basedOn' },
      );
    if (body.basedOn !== current.number) throw stale();
    if (body.markdown === current.markdown)
      throw AppError.validation('This text is the version in force: change something before publishing.', 'markdown');
    const [row] = await tx
      .insert(termsVersions)
      .values({ number: current.number + 1, markdown: body.markdown, publishedBy: actorId })
      .onConflictDoNothing()
      .returning(termsColumns);
    if (!row) throw stale();
    await recordAudit(tx, {
      actorId,
      action: 'content.terms',
      targetType: 'terms',
      targetId: String(row.number),
      before: { version: current.number },
      after: { version: row.number, markdown: row.markdown },
    });
    return toTermsVersion(row);
  });
}
