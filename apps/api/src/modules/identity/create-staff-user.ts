import { randomUUID } from 'node:crypto';
import { DEFAULT_BUYER_PERSONA, email, newPassword } from '@lotline/contracts';
import type { Database } from '@lotline/db';
import { hashPassword } from '@lotline/db/passwords';
import { accounts, users, userVars } from '@lotline/db/schema';
import { arrayContains, eq } from 'drizzle-orm';
import { z } from 'zod';
import { AppError } from '../../lib/errors';

/**
 * The operator's way to the first staff account of a deployment, which has no demo
 * data (decision 0025): a user with the roles `staff` and `admin`, activated, and a
 * credential row of the shape the auth library writes at sign-up (provider
 * `credential`, accountId = user id, argon2id hash), so that the ordinary sign-in works.
 */
export const staffUserInput = z
  .object({
    email,
    name: z.string().trim().min(1, { error: 'Give the staff member a name.' }).max(100),
    password: newPassword,
  })
  .strict();

export async function createStaffUser(db: Database, input: z.input<typeof staffUserInput>) {
  const parsed = staffUserInput.safeParse(input);
  if (!parsed.success) {
    throw AppError.validation(parsed.error.issues.map((issue) => issue.message).join(' '));
  }
  const { email: address, name, password } = parsed.data;
  const passwordHash = await hashPassword(password);
  return db.transaction(async (tx) => {
    const [taken] = await tx.select({ id: users.id }).from(users).where(eq(users.email, address));
    if (taken) throw new AppError('CONFLICT', `${address} already has an account; nothing was changed.`);
    const id = randomUUID();
    const now = new Date();
    await tx.insert(users).values({
      id,
      email: address,
      name,
      roles: ['staff', 'admin'],
      emailVerified: true,
      createdAt: now,
      updatedAt: now,
    });
    await tx.insert(accounts).values({
      id: randomUUID(),
      accountId: id,
      providerId: 'credential',
      userId: id,
      password: passwordHash,
      createdAt: now,
      updatedAt: now,
    });
    await tx
      .insert(userVars)
      .values({ userId: id, key: 'buyer_persona', value: DEFAULT_BUYER_PERSONA, updatedAt: now });
    return { id, email: address };
  });
}

/** Whether anyone can review certificates and run the site yet. */
export async function hasStaffUser(db: Database): Promise<boolean> {
  const [row] = await db
    .select({ id: users.id })
    .from(users)
    .where(arrayContains(users.roles, ['staff']))
    .limit(1);
  return row !== undefined;
}
