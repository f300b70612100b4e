import { COMPANY_ROLES } from '@lotline/contracts';
import { sql } from 'drizzle-orm';
import { check, index, integer, jsonb, pgEnum, pgTable, primaryKey, text, uniqueIndex } from 'drizzle-orm/pg-core';
import { createdAt, utc } from './columns';
import { users } from './platform';
import { companies } from './sellers';

/*
 * Accounts (issue 5). sessions, accounts and verifications have the shape the
 * auth library (better-auth, decision 0009) expects; their JS property names
 * are its field names. The library owns their writes.
 */

/** One signed-in browser. The cookie carries `token` (signed); expiry is sliding. */
export const sessions = pgTable(
  'sessions',
  {
    id: text('id').primaryKey(),
    token: text('token').notNull().unique(),
    userId: text('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    expiresAt: utc('expires_at').notNull(),
    ipAddress: text('ip_address'),
    userAgent: text('user_agent'),
    createdAt: createdAt(),
    updatedAt: utc('updated_at').notNull().defaultNow(),
  },
  (t) => [index('sessions_user_idx').on(t.userId)],
);

/** A way to sign in; only `credential` (e-mail and password, argon2id hash in `password`) for now. */
export const accounts = pgTable(
  'accounts',
  {
    id: text('id').primaryKey(),
    accountId: text('account_id').notNull(),
    providerId: text('provider_id').notNull(),
    userId: text('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    accessToken: text('access_token'),
    refreshToken: text('refresh_token'),
    idToken: text('id_token'),
    accessTokenExpiresAt: utc('access_token_expires_at'),
    refreshTokenExpiresAt: utc('refresh_token_expires_at'),
    scope: text('scope'),
    password: text('password'),
    createdAt: createdAt(),
    updatedAt: utc('updated_at').notNull().defaultNow(),
  },
  (t) => [index('accounts_user_idx').on(t.userId)],
);

/** Single-use tokens (password reset). E-mail activation links are signed tokens and need no row. */
export const verifications = pgTable(
  'verifications',
  {
    id: text('id').primaryKey(),
    identifier: text('identifier').notNull(),
    value: text('value').notNull(),
    expiresAt: utc('expires_at').notNull(),
    createdAt: createdAt(),
    updatedAt: utc('updated_at').notNull().defaultNow(),
  },
  (t) => [index('verifications_identifier_idx').on(t.identifier)],
);

/** The user vars of spec §3 (buyer_persona, signup_company_name, …): only the keys that list allows. */
export const userVars = pgTable(
  'user_vars',
  {
    userId: text('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    key: text('key').notNull(),
    value: jsonb('value').notNull(),
    updatedAt: utc('updated_at').notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.userId, t.key] })],
);

/** A member's standing in the company (decision 0048): owners manage the members, staff run the sales. */
export const companyRole = pgEnum('company_role', COMPANY_ROLES);

/** Which users act for which seller company, and as what (migration 0021: the members before it are owners). */
export const companyMembers = pgTable(
  'company_members',
  {
    companyId: text('company_id')
      .notNull()
      .references(() => companies.id, { onDelete: 'cascade' }),
    userId: text('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    role: companyRole('role').notNull().default('staff'),
    createdAt: createdAt(),
  },
  (t) => [primaryKey({ columns: [t.companyId, t.userId] }), index('company_members_user_idx').on(t.userId)],
);

/**
 * An owner's invitation of an e-mail address that has no account yet
 * (decision 0048). Only the sha256 of the link's token is kept; the token
 * itself is only in the e-mail. Open while neither accepted nor revoked and
 * before `expires_at` (the database clock + 14 days); one open per address.
 */
export const companyInvitations = pgTable(
  'company_invitations',
  {
    id: text('id').primaryKey(),
    companyId: text('company_id')
      .notNull()
      .references(() => companies.id, { onDelete: 'cascade' }),
    email: text('email').notNull(),
    role: companyRole('role').notNull(),
    tokenHash: text('token_hash').notNull().unique(),
    invitedByUserId: text('invited_by_user_id').references(() => users.id, { onDelete: 'set null' }),
    createdAt: createdAt(),
    expiresAt: utc('expires_at').notNull(),
    acceptedAt: utc('accepted_at'),
    revokedAt: utc('revoked_at'),
  },
  (t) => [
    check('company_invitations_email_lower', sql`${t.email} = lower(${t.email})`),
    uniqueIndex('company_invitations_open_idx')
      .on(t.companyId, t.email)
      .where(sql`${t.acceptedAt} IS NULL AND ${t.revokedAt} IS NULL`),
  ],
);

/**
 * Mail that was not sent over SMTP: without `SMTP_URL` every message lands
 * here, and outside production a local page lists it (decision 0009).
 */
/** One file attached to an outbox message. */
export interface MailAttachmentRow {
  filename: string;
  contentType: string;
  contentBase64: string;
}

export const mailOutbox = pgTable(
  'mail_outbox',
  {
    id: text('id').primaryKey(),
    to: text('to').notNull(),
    subject: text('subject').notNull(),
    text: text('text').notNull(),
    html: text('html').notNull(),
    /** Files sent with the message (the invoice PDF), base64; emptied once delivered (migration 0020). */
    attachments: jsonb('attachments').$type<MailAttachmentRow[]>().notNull().default([]),
    createdAt: createdAt(),
    /**
     * Delivery by the mail worker when SMTP_URL is set (decision 0028): `pending` until sent,
     * then `sent`; `failed` after the last attempt. Without SMTP rows stay `pending` (the local outbox).
     */
    status: text('status', { enum: ['pending', 'sent', 'failed'] })
      .notNull()
      .default('pending'),
    attempts: integer('attempts').notNull().default(0),
    /** When the worker may next take it (the database clock): backoff after a failure, a lease while sending. */
    nextAttemptAt: utc('next_attempt_at').notNull().defaultNow(),
    lastError: text('last_error'),
    sentAt: utc('sent_at'),
  },
  (t) => [
    index('mail_outbox_created_idx').on(t.createdAt),
    index('mail_outbox_due_idx').on(t.nextAttemptAt).where(sql`${t.status} = 'pending'`),
  ],
);

/**
 * Attempt counters for rate limits with backoff, one row per key (an action
 * and an IP address or e-mail). Kept in the database so that every API
 * process and a restart see the same counts.
 */
export const rateLimits = pgTable('rate_limits', {
  key: text('key').primaryKey(),
  hits: integer('hits').notNull().default(0),
  windowStart: utc('window_start').notNull(),
  /** How many times the limit was exceeded in a row; each doubles the next block. */
  strikes: integer('strikes').notNull().default(0),
  blockedUntil: utc('blocked_until'),
});
