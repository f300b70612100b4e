import { randomUUID } from 'node:crypto';
import { NOT_ACTIVATED_CODE, type SellerApplicationBody } from '@lotline/contracts';
import type { Database } from '@lotline/db';
import { sellerApplications, users } from '@lotline/db/schema';
import { eq } from 'drizzle-orm';
import { AppError } from '../../lib/errors';

export const NOT_ACTIVATED_MESSAGE =
  'Activate your account from the e-mail we sent before applying to sell. (No e-mail? Ask for a new link on your account page.)';

const PENDING_INDEX = 'seller_applications_one_pending_idx';

/** Postgres (and PGlite) report a unique violation as 23505 with the constraint's name, also when wrapped by drizzle. */
function isPendingConflict(error: unknown): boolean {
  for (let e: unknown = error; e && typeof e === 'object'; e = (e as { cause?: unknown }).cause) {
    const { code, constraint } = e as { code?: string; constraint?: string };
    if (code === '23505') return constraint === undefined || constraint === PENDING_INDEX;
  }
  return false;
}

/**
 * Contract §6: a signed-in, activated user applies to sell. One pending
 * application per user: the partial unique index decides, so two requests at
 * once cannot both get in (409 CONFLICT).
 */
export async function submitSellerApplication(db: Database, userId: string, body: SellerApplicationBody) {
  const [user] = await db.select({ activated: users.emailVerified }).from(users).where(eq(users.id, userId));
  if (!user?.activated) throw new AppError(NOT_ACTIVATED_CODE, NOT_ACTIVATED_MESSAGE, { status: 403 });
  try {
    const [row] = await db
      .insert(sellerApplications)
      .values({
        id: `sap_${randomUUID()}`,
        userId,
        companyName: body.companyName,
        country: body.country,
        region: body.region ?? null,
        website: body.website ?? null,
        message: body.message ?? null,
      })
      .returning();
    if (!row) throw new Error('insert returned no application');
    return {
      application: {
        _id: row.id,
        status: row.status,
        companyName: row.companyName,
        createdAt: row.createdAt.toISOString(),
      },
    };
  } catch (error) {
    if (isPendingConflict(error)) {
      throw new AppError('CONFLICT', 'You already have an application to sell awaiting review.');
    }
    throw error;
  }
}
