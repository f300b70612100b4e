import {
  activateBody,
  activateResponse,
  changeEmailBody,
  changeEmailResponse,
  changePasswordBody,
  mailSentResponse,
  passwordChangedResponse,
  passwordResetBody,
  passwordResetRequestBody,
  passwordResetResponse,
  signInBody,
  signInResponse,
  signOutResponse,
  signUpBody,
  signUpResponse,
} from '@lotline/contracts';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { access } from '../../lib/http/access';
import { noQuery, ok } from '../../lib/http/route-schemas';
import { authHeaders, forwardCookies } from '../../lib/http/session';
import { commonErrors, errorResponse } from '../../lib/openapi';
import { activateEmail } from './activate-email';
import { changeEmail } from './change-email';
import { changePassword } from './change-password';
import type { Caller, IdentityDeps } from './deps';
import { requestPasswordReset } from './request-password-reset';
import { resetPassword } from './reset-password';
import { sendActivationEmail } from './send-activation-email';
import { signIn } from './sign-in';
import { signOut } from './sign-out';
import { signUp } from './sign-up';

/**
 * Sign-up, sign-in, sign-out, activation, password reset, change of e-mail and
 * password (contract §4). Each route calls the auth library through one
 * use-case and answers with the envelope; session cookies come from the library.
 */

const TAGS = ['identity'];
const rateLimited = { 429: errorResponse('Too many attempts; Retry-After says when to try again', ['RATE_LIMITED']) };
const unauthenticated = { 401: errorResponse('No session', ['UNAUTHENTICATED']) };
const crossOrigin = { 403: errorResponse('Sent from another origin (CSRF)', ['FORBIDDEN']) };

const callerOf = (request: FastifyRequest): Caller => ({ headers: authHeaders(request), ip: request.ip });

export const identityRoutes: FastifyPluginAsyncZod<IdentityDeps> = async (app, deps) => {
  const { auth } = deps;

  app.post(
    '/marketplace-api/auth/sign-up',
    {
      schema: {
        tags: TAGS,
        summary: 'Create an account',
        description:
          'The answer is the same whether or not the address has an account, and signs nobody in: a new address gets an activation link, a taken one a note to its owner. Sign in afterwards. `companyName` and `buyerPersona` are kept as the user vars `signup_company_name` and `buyer_persona`.',
        querystring: noQuery,
        body: signUpBody,
        response: {
          202: ok(signUpResponse, 'Accepted; a mail went to the address'),
          ...crossOrigin,
          ...rateLimited,
          ...commonErrors,
        },
      },
    },
    async (request, reply) => {
      await signUp(deps, request.body, callerOf(request));
      return reply.status(202).send({ status: 'success' as const, data: { sent: true as const } });
    },
  );

  app.post(
    '/marketplace-api/auth/sign-in',
    {
      schema: {
        tags: TAGS,
        summary: 'Sign in with e-mail and password',
        querystring: noQuery,
        body: signInBody,
        response: {
          200: ok(signInResponse, 'Signed in; the session cookie is set'),
          401: errorResponse('Wrong e-mail or password', ['INVALID_CREDENTIALS']),
          403: errorResponse('Sent from another origin (CSRF), or the account is disabled (decision 0075)', [
            'FORBIDDEN',
            'ACCOUNT_DISABLED',
          ]),
          ...rateLimited,
          ...commonErrors,
        },
      },
    },
    async (request, reply) => {
      const { headers, user } = await signIn(deps, request.body, callerOf(request));
      forwardCookies(headers, reply);
      return { status: 'success' as const, data: { user } };
    },
  );

  app.post(
    '/marketplace-api/auth/sign-out',
    {
      schema: {
        tags: TAGS,
        summary: 'Sign out (ends the session and clears its cookie)',
        querystring: noQuery,
        response: { 200: ok(signOutResponse, 'Signed out'), ...crossOrigin, ...commonErrors },
      },
    },
    async (request, reply) => {
      forwardCookies(await signOut(auth, authHeaders(request)), reply);
      return { status: 'success' as const, data: { signedOut: true as const } };
    },
  );

  app.post(
    '/marketplace-api/auth/activate',
    {
      schema: {
        tags: TAGS,
        summary: 'Follow an e-mail link: activate the account, or confirm a new e-mail address',
        querystring: noQuery,
        body: activateBody,
        response: {
          200: ok(activateResponse, 'Done; following an activation link again is harmless'),
          ...crossOrigin,
          ...rateLimited,
          400: errorResponse('Invalid input, or the link is invalid or expired', [
            'VALIDATION_FAILED',
            'LINK_INVALID',
            'LINK_EXPIRED',
          ]),
          500: commonErrors[500],
        },
      },
    },
    async (request) => ({
      status: 'success' as const,
      data: await activateEmail(deps, request.body.token, callerOf(request)),
    }),
  );

  app.post(
    '/marketplace-api/auth/activation-email',
    {
      config: access({ session: 'required' }),
      schema: {
        tags: TAGS,
        summary: 'Send a new activation link to the signed-in user',
        querystring: noQuery,
        response: {
          200: ok(mailSentResponse, 'Sent'),
          409: errorResponse('The account is already activated', ['ALREADY_ACTIVATED']),
          ...unauthenticated,
          ...crossOrigin,
          ...rateLimited,
          ...commonErrors,
        },
      },
    },
    async (request) => {
      await sendActivationEmail(deps, request.user, callerOf(request));
      return { status: 'success' as const, data: { sent: true as const } };
    },
  );

  app.post(
    '/marketplace-api/auth/password-reset',
    {
      schema: {
        tags: TAGS,
        summary: 'Ask for a password reset link',
        description: 'The answer is the same whether or not the address has an account.',
        querystring: noQuery,
        body: passwordResetRequestBody,
        response: { 200: ok(mailSentResponse, 'Accepted'), ...crossOrigin, ...rateLimited, ...commonErrors },
      },
    },
    async (request) => {
      await requestPasswordReset(deps, request.body.email, callerOf(request));
      return { status: 'success' as const, data: { sent: true as const } };
    },
  );

  app.post(
    '/marketplace-api/auth/password-reset/confirm',
    {
      schema: {
        tags: TAGS,
        summary: 'Set a new password from a reset link',
        description: 'The link works once, for 1 hour. Every session of the account is signed out.',
        querystring: noQuery,
        body: passwordResetBody,
        response: {
          200: ok(passwordResetResponse, 'Password changed'),
          400: errorResponse('Invalid input, or the link is invalid, used or expired', [
            'VALIDATION_FAILED',
            'LINK_INVALID',
          ]),
          ...crossOrigin,
          ...rateLimited,
          500: commonErrors[500],
        },
      },
    },
    async (request) => {
      await resetPassword(deps, request.body, callerOf(request));
      return { status: 'success' as const, data: { reset: true as const } };
    },
  );

  app.post(
    '/marketplace-api/auth/change-password',
    {
      config: access({ session: 'required' }),
      schema: {
        tags: TAGS,
        summary: "Change the signed-in user's password",
        description: 'Other sessions are signed out; this one gets a new cookie.',
        querystring: noQuery,
        body: changePasswordBody,
        response: {
          200: ok(passwordChangedResponse, 'Changed'),
          400: errorResponse('Invalid input or wrong current password', ['VALIDATION_FAILED', 'WRONG_PASSWORD']),
          ...unauthenticated,
          ...crossOrigin,
          ...rateLimited,
          500: commonErrors[500],
        },
      },
    },
    async (request, reply) => {
      forwardCookies(await changePassword(deps, request.user, request.body, callerOf(request)), reply);
      return { status: 'success' as const, data: { changed: true as const } };
    },
  );

  app.post(
    '/marketplace-api/auth/change-email',
    {
      config: access({ session: 'required' }),
      schema: {
        tags: TAGS,
        summary: "Change the signed-in user's e-mail address",
        description:
          'Needs the current password. An activated account keeps its address until the new one follows the link sent to it.',
        querystring: noQuery,
        body: changeEmailBody,
        response: {
          200: ok(changeEmailResponse, 'Changed, or pending confirmation'),
          400: errorResponse('Invalid input, wrong current password, or the same address', [
            'VALIDATION_FAILED',
            'WRONG_PASSWORD',
            'SAME_EMAIL',
          ]),
          409: errorResponse('The new address already has an account', ['EMAIL_TAKEN']),
          ...unauthenticated,
          ...crossOrigin,
          ...rateLimited,
          500: commonErrors[500],
        },
      },
    },
    async (request, reply) => {
      const { headers, email, pendingEmail } = await changeEmail(deps, request.user, request.body, callerOf(request));
      forwardCookies(headers, reply);
      return { status: 'success' as const, data: { email, pendingEmail } };
    },
  );
};
