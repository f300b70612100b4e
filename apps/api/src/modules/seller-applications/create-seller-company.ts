import { randomUUID } from 'node:crypto';
import type { Country } from '@lotline/contracts';
import type { Executor } from '@lotline/db';
import { companies, companyMembers, users } from '@lotline/db/schema';
import { eq, like, or, sql } from 'drizzle-orm';

/**
 * The one way a seller company comes to be outside the seed (decision 0074):
 * an approved application or `npm run create-seller`. The company gets a free
 * slug from its name, the user becomes its `owner`, and the user gets the role
 * `seller` (membership counts only with it, decision 0016), so the company is
 * in their GET /marketplace-api/seller/companies at once.
 */

export interface NewSellerCompany {
  ownerId: string;
  name: string;
  country: Country;
  region?: string | null | undefined;
}

export interface CreatedCompany {
  _id: string;
  name: string;
  slug: string;
  status: string;
}

export function slugOf(name: string): string {
  const slug = name
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/&/g, ' and ')
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '')
    .slice(0, 60)
    .replace(/-+$/, '');
  return slug || 'company';
}

/** `base`, else the first of `base-2`, `base-3`… no company has. */
async function freeSlug(tx: Executor, base: string): Promise<string> {
  const rows = await tx
    .select({ slug: companies.slug })
    .from(companies)
    .where(or(eq(companies.slug, base), like(companies.slug, `${base}-%`)));
  const taken = new Set(rows.map((r) => r.slug));
  if (!taken.has(base)) return base;
  let n = 2;
  while (taken.has(`${base}-${n}`)) n++;
  return `${base}-${n}`;
}

/** A company with a free slug from its name and no member yet (staff invite its owner: decision 0074). */
export async function insertCompany(tx: Executor, input: Omit<NewSellerCompany, 'ownerId'>): Promise<CreatedCompany> {
  const base = slugOf(input.name);
  let company: CreatedCompany | undefined;
  // A company created at the same moment may take the slug first: then the next free one.
  for (let attempt = 0; !company; attempt++) {
    if (attempt === 5) throw new Error(`no free slug for ${base}`);
    const slug = await freeSlug(tx, base);
    [company] = await tx
      .insert(companies)
      .values({
        id: `cmp_${randomUUID()}`,
        slug,
        name: input.name,
        country: input.country,
        region: input.region ?? null,
      })
      .onConflictDoNothing({ target: companies.slug })
      .returning({ _id: companies.id, name: companies.name, slug: companies.slug, status: companies.status });
  }
  return company;
}

export async function createSellerCompany(tx: Executor, input: NewSellerCompany): Promise<CreatedCompany> {
  const company = await insertCompany(tx, input);
  await tx.insert(companyMembers).values({ companyId: company._id, userId: input.ownerId, role: 'owner' });
  await tx
    .update(users)
    .set({
      roles: sql`case when 'seller' = any(${users.roles}) then ${users.roles} else array_append(${users.roles}, 'seller') end`,
    })
    .where(eq(users.id, input.ownerId));
  return company;
}
