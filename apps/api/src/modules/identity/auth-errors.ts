import { IDENTITY_ERRORS, type IdentityErrorCode } from '@lotline/contracts';
import { APIError } from 'better-auth/api';
import { AppError } from '../../lib/errors';
import { ACCOUNT_DISABLED_MESSAGE } from './disabled-accounts';

/** An identity error with the status fixed in contracts' IDENTITY_ERRORS. */
export function identityError(code: IdentityErrorCode, message: string, field?: string): AppError {
  return new AppError(code, message, { status: IDENTITY_ERRORS[code], ...(field ? { field } : {}) });
}

export const MESSAGES = {
  emailTaken: 'An account with this e-mail address already exists. Sign in, or reset your password if you forgot it.',
  invalidCredentials: 'The e-mail address or password is not correct.',
  wrongPassword: 'Your current password is not correct.',
  activationExpired: 'This activation link has expired. Sign in and ask for a new one on your account page.',
  activationInvalid: 'This activation link is not valid. Check that you copied the whole link, or ask for a new one.',
  resetInvalid: 'This password reset link has expired or was already used. Ask for a new one.',
} as const;

/** The library's error codes (better-auth BASE_ERROR_CODES) that our users can cause, in our words. */
const TRANSLATIONS: Record<string, (context: 'activation' | 'reset' | 'other') => AppError> = {
  USER_ALREADY_EXISTS: () => identityError('EMAIL_TAKEN', MESSAGES.emailTaken, 'email'),
  USER_ALREADY_EXISTS_USE_ANOTHER_EMAIL: () => identityError('EMAIL_TAKEN', MESSAGES.emailTaken, 'email'),
  INVALID_EMAIL_OR_PASSWORD: () => identityError('INVALID_CREDENTIALS', MESSAGES.invalidCredentials),
  INVALID_PASSWORD: () => identityError('WRONG_PASSWORD', MESSAGES.wrongPassword, 'currentPassword'),
  TOKEN_EXPIRED: () => identityError('LINK_EXPIRED', MESSAGES.activationExpired, 'token'),
  INVALID_TOKEN: (c) =>
    c === 'reset'
      ? identityError('LINK_INVALID', MESSAGES.resetInvalid, 'token')
      : identityError('LINK_INVALID', MESSAGES.activationInvalid, 'token'),
  USER_NOT_FOUND: (c) =>
    identityError('LINK_INVALID', c === 'reset' ? MESSAGES.resetInvalid : MESSAGES.activationInvalid, 'token'),
  ACCOUNT_DISABLED: () => identityError('ACCOUNT_DISABLED', ACCOUNT_DISABLED_MESSAGE),
  INVALID_USER: () => identityError('LINK_INVALID', MESSAGES.activationInvalid, 'token'),
};

/**
 * Runs a call into the auth library and turns its known errors into ours.
 * Anything else is rethrown as is and answered as INTERNAL (and logged).
 */
export async function callAuth<T>(
  call: () => Promise<T>,
  context: 'activation' | 'reset' | 'other' = 'other',
): Promise<T> {
  try {
    return await call();
  } catch (err) {
    if (err instanceof APIError) {
      const code = (err.body as { code?: unknown } | undefined)?.code;
      const translate = typeof code === 'string' ? TRANSLATIONS[code] : undefined;
      if (translate) throw translate(context);
      if (err.statusCode === 401) throw new AppError('UNAUTHENTICATED', 'Sign in to continue.');
      throw new Error(`auth library error ${err.statusCode} ${String(code)}: ${err.message}`, { cause: err });
    }
    throw err;
  }
}
