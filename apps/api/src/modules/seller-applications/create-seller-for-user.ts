import { companyNameField, email, sellerApplicationBody } from '@lotline/contracts';
import type { Database } from '@lotline/db';
import { users } from '@lotline/db/schema';
import { eq, sql } from 'drizzle-orm';
import { z } from 'zod';
import { AppError } from '../../lib/errors';
import { type CreatedCompany, createSellerCompany } from './create-seller-company';

/** What `npm run create-seller` takes; the company fields are checked as an application's are. */
const input = z.object({ email, company: companyNameField, country: z.string(), region: z.string().optional() });

const invalid = (error: z.ZodError) =>
  AppError.validation(`${error.issues.map((issue) => issue.message).join(' ')} Nothing was changed.`);

/**
 * The operator's first seller (decision 0074): a company owned by an existing,
 * activated account, created as an approval creates one.
 */
export async function createSellerForUser(
  db: Database,
  raw: { email: string; company: string; country: string; region?: string | undefined },
): Promise<{ company: CreatedCompany; email: string }> {
  const parsed = input.safeParse(raw);
  if (!parsed.success) throw invalid(parsed.error);
  const body = sellerApplicationBody.safeParse({
    companyName: parsed.data.company,
    country: parsed.data.country.toUpperCase(),
    ...(parsed.data.region ? { region: parsed.data.region } : {}),
  });
  if (!body.success) throw invalid(body.error);
  const address = parsed.data.email;
  const company = body.data;
  return db.transaction(async (tx) => {
    const [user] = await tx
      .select({ id: users.id, email: users.email, activated: users.emailVerified })
      .from(users)
      .where(eq(sql`lower(${users.email})`, address.toLowerCase()));
    if (!user) {
      throw AppError.notFound(`${address} has no account: they sign up at /signup first; nothing was changed.`);
    }
    if (!user.activated) {
      throw new AppError(
        'FORBIDDEN',
        `${address} is not activated yet: they open the activation link we e-mailed first; nothing was changed.`,
      );
    }
    const created = await createSellerCompany(tx, {
      ownerId: user.id,
      name: company.companyName,
      country: company.country,
      region: company.region,
    });
    return { company: created, email: user.email };
  });
}
