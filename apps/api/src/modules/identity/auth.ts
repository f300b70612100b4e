import { PASSWORD_MAX_LENGTH, PASSWORD_MIN_LENGTH } from '@lotline/contracts';
import { activationPath, resetPasswordPath } from '@lotline/contracts/page-paths';
import type { Database } from '@lotline/db';
import { hashPassword, verifyPassword } from '@lotline/db/passwords';
import { accounts, sessions, users, verifications } from '@lotline/db/schema';
import { betterAuth } from 'better-auth';
import { drizzleAdapter } from 'better-auth/adapters/drizzle';
import type { FastifyBaseLogger } from 'fastify';
import type { Mailer } from '../mail/mailer';
import { activationMail, changeEmailMail, existingAccountMail, passwordResetMail } from '../mail/templates/account';
import { disabledAccountHooks } from './disabled-accounts';

/**
 * The auth library (better-auth, decision 0009), configured for Lotline. It is
 * never mounted as its own HTTP handler: our routes (routes.ts) call
 * `auth.api.*` so that every answer is the contract's envelope and our own
 * same-origin check and rate limits run first.
 */

/** The header through which routes hand the client IP (as Fastify resolved it) to the library. */
export const CLIENT_IP_HEADER = 'x-lotline-client-ip';
export const SESSION_COOKIE_PREFIX = 'lotline';
const DAY_S = 24 * 60 * 60;
export const LINK_TTL_S = DAY_S;
export const RESET_TTL_S = 60 * 60;
/** A session lasts 30 days; a lookup a day or more after its last renewal renews it (a new cookie). */
export const SESSION_TIMES_S = { expiresIn: 30 * DAY_S, updateAge: DAY_S } as const;

export interface AuthOptions {
  db: Database;
  secret: string;
  publicOrigin: string;
  /** Origins whose requests the library treats as the site's own; default: just `publicOrigin`. */
  trustedOrigins?: string[];
  mailer: Mailer;
  log: FastifyBaseLogger;
  /**
   * After a session row is deleted (sign-out, revocation, password change or reset) or a user row updated (an
   * address, activation): the session cache forgets the user in every process (decision 0100).
   */
  sessionsChanged?: (userId: string) => Promise<void>;
}

/** Links in e-mails open our own pages, which post the token to our routes. */
export const activationUrl = (origin: string, token: string) => `${origin}${activationPath(token)}`;
export const resetUrl = (origin: string, token: string) => `${origin}${resetPasswordPath(token)}`;

/** The library's e-mail tokens are JWTs; the request type says whether one confirms a new address. */
function isChangeOfEmail(token: string): boolean {
  try {
    const payload = JSON.parse(Buffer.from(token.split('.')[1] ?? '', 'base64url').toString('utf8')) as {
      updateTo?: unknown;
    };
    return typeof payload.updateTo === 'string';
  } catch {
    return false;
  }
}

export function createAuth({ db, secret, publicOrigin, trustedOrigins, mailer, log, sessionsChanged }: AuthOptions) {
  /** A mail that cannot be sent must not undo the sign-up or reveal anything: log it; the user can ask again. */
  const sendSafely = async (what: string, send: () => Promise<void>) => {
    try {
      await send();
    } catch (err) {
      log.error({ err }, `could not send the ${what} mail`);
    }
  };

  return betterAuth({
    appName: 'Lotline',
    baseURL: publicOrigin,
    basePath: '/marketplace-api/auth',
    secret,
    trustedOrigins: trustedOrigins ?? [publicOrigin],
    telemetry: { enabled: false },
    // The library's own log lines go to our logger (request logs carry the outcome already).
    logger: {
      level: 'warn',
      log: (level, message) => (level === 'error' ? log.error(`[auth] ${message}`) : log.debug(`[auth] ${message}`)),
    },
    database: drizzleAdapter(db, {
      provider: 'pg',
      schema: { user: users, session: sessions, account: accounts, verification: verifications },
    }),
    emailAndPassword: {
      enabled: true,
      // Unactivated users may sign in: activation is one of the verification steps (spec §4).
      requireEmailVerification: false,
      // Sign-up answers the same for a new and a taken address (decision 0026): no session either way,
      // the password is hashed either way, and the owner of a taken address is told by mail instead.
      autoSignIn: false,
      onExistingUserSignUp: ({ user }) =>
        sendSafely('existing account', () => mailer.send(existingAccountMail(user.email, user.name, publicOrigin))),
      minPasswordLength: PASSWORD_MIN_LENGTH,
      maxPasswordLength: PASSWORD_MAX_LENGTH,
      password: { hash: hashPassword, verify: ({ hash, password }) => verifyPassword(hash, password) },
      resetPasswordTokenExpiresIn: RESET_TTL_S,
      revokeSessionsOnPasswordReset: true,
      // Not awaited: an unknown address sends nothing, so waiting for the mail would tell the two apart by time.
      sendResetPassword: async ({ user, token }) => {
        void sendSafely('password reset', () =>
          mailer.send(passwordResetMail(user.email, user.name, resetUrl(publicOrigin, token))),
        );
      },
    },
    emailVerification: {
      sendOnSignUp: true,
      autoSignInAfterVerification: false,
      expiresIn: LINK_TTL_S,
      sendVerificationEmail: ({ user, token }) =>
        sendSafely('activation', () =>
          mailer.send(
            isChangeOfEmail(token)
              ? changeEmailMail(user.email, user.name, activationUrl(publicOrigin, token))
              : activationMail(user.email, user.name, activationUrl(publicOrigin, token)),
          ),
        ),
    },
    user: {
      // An unactivated address is replaced at once (and a new activation link sent);
      // an activated one changes only when the new address confirms.
      changeEmail: { enabled: true, updateEmailWithoutVerification: true },
    },
    // Reset tokens are stored as hashes: a leaked table row cannot be used as a link.
    verification: { storeIdentifier: 'hashed' },
    session: { ...SESSION_TIMES_S },
    advanced: {
      cookiePrefix: SESSION_COOKIE_PREFIX,
      // `Secure` (and the __Secure- name prefix) whenever the site is served over TLS.
      useSecureCookies: publicOrigin.startsWith('https://'),
      defaultCookieAttributes: { httpOnly: true, sameSite: 'lax', path: '/' },
      ipAddress: { ipAddressHeaders: [CLIENT_IP_HEADER] },
    },
    // A disabled account gets no session (decision 0075); an ended session or a changed user is uncached (0100).
    databaseHooks: sessionHooks(db, sessionsChanged),
    // Our own limiter (rate-limit.ts) runs in the routes; the library's only sees its own handler, unused here.
    rateLimit: { enabled: false },
  });
}

export type Auth = ReturnType<typeof createAuth>;

/**
 * The library's database hooks: the disabled-account check at session creation (0075) and, given `changed`, the
 * session cache's (0100): a deleted session row or an updated user row forgets that user in every process.
 */
function sessionHooks(db: Database, changed: ((userId: string) => Promise<void>) | undefined) {
  const session = disabledAccountHooks(db);
  if (!changed) return { session };
  const after = async (row: { userId: string }) => changed(row.userId);
  const user = { update: { after: async (row: { id: string }) => changed(row.id) } };
  return { session: { ...session, delete: { after } }, user };
}
