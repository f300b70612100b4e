import type { CompanyProfile, CompanyProfileBody } from '@lotline/contracts';
import type { Database, Executor } from '@lotline/db';
import { companies } from '@lotline/db/schema';
import { eq } from 'drizzle-orm';
import { AppError } from '../../lib/errors';
import type { UploadStorage } from '../uploads/storage';
import { checkLogoFile, publishLogo, releaseLogo } from './company-logo';
import { requireCompanyRole } from './company-role';

const profileColumns = {
  displayName: companies.displayName,
  description: companies.description,
  logoUrl: companies.logoUrl,
};

async function readProfile(db: Executor, companyId: string): Promise<CompanyProfile> {
  const [profile] = await db.select(profileColumns).from(companies).where(eq(companies.id, companyId));
  if (!profile) throw AppError.notFound('No such company.');
  return profile;
}

/** The public profile a company's users edit (owner and staff alike). */
export async function getCompanyProfile(db: Database, userId: string, companyId: string): Promise<CompanyProfile> {
  await requireCompanyRole(db, userId, companyId);
  return readProfile(db, companyId);
}

/**
 * Saves the profile. The seller page reads the same columns, so buyers see the
 * change at once. `logoKey` absent keeps the logo, null removes it.
 */
export async function updateCompanyProfile(
  deps: { db: Database; storage: UploadStorage },
  userId: string,
  companyId: string,
  body: CompanyProfileBody,
): Promise<CompanyProfile> {
  const { db, storage } = deps;
  await requireCompanyRole(db, userId, companyId);
  const logoKey = body.logoKey;
  if (logoKey) await checkLogoFile(storage, userId, logoKey);
  return db.transaction(async (tx) => {
    await requireCompanyRole(tx, userId, companyId, { lock: true });
    const [before] = await tx
      .select({ logoUrl: companies.logoUrl })
      .from(companies)
      .where(eq(companies.id, companyId))
      .for('update');
    // The site's own `/files/` address, as the demo logos have: it serves public uploads from either storage
    // and resizes them for the pages (`?w=`), which a bucket's address would not.
    const logo = logoKey === undefined ? {} : { logoUrl: logoKey === null ? null : `/files/${logoKey}` };
    if (logoKey) await publishLogo(tx, logoKey, userId);
    await tx
      .update(companies)
      .set({ displayName: body.displayName, description: body.description, ...logo })
      .where(eq(companies.id, companyId));
    if (logoKey !== undefined && before?.logoUrl && before.logoUrl !== logo.logoUrl)
      await releaseLogo(tx, before.logoUrl);
    return readProfile(tx, companyId);
  });
}
