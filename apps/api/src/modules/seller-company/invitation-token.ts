import { createHash, randomBytes } from 'node:crypto';
import { companyInvitations } from '@lotline/db/schema';
import { and, gt, isNull, sql } from 'drizzle-orm';

/** A new invitation token (256 random bits, URL-safe); only its hash is stored. */
export const newInvitationToken = () => randomBytes(32).toString('base64url');

export const hashInvitationToken = (token: string) => createHash('sha256').update(token).digest('hex');

/** Neither accepted nor revoked: at most one such row per company and address (a unique index). */
export const unansweredInvitation = and(isNull(companyInvitations.acceptedAt), isNull(companyInvitations.revokedAt));

/** Unanswered and not yet expired, by the database clock. */
export const openInvitation = and(unansweredInvitation, gt(companyInvitations.expiresAt, sql`now()`));

export const presentInvitation = (row: { id: string; email: string; role: 'owner' | 'staff'; expiresAt: Date }) => ({
  _id: row.id,
  email: row.email,
  role: row.role,
  expiresAt: row.expiresAt.toISOString(),
});
