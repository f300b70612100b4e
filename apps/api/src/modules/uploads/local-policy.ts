import { createHmac, timingSafeEqual } from 'node:crypto';
import { AppError } from '../../lib/errors';
import type { UploadTarget } from './storage';

/**
 * The embedded storage's POST policy: the target, base64url-encoded JSON in
 * `Policy`, and its HMAC-SHA256 in `X-Lotline-Signature`. The HMAC key is
 * derived from the server's AUTH_SECRET, so a policy signature can never be
 * replayed as a session or link signature (or the other way round).
 */

export const POLICY_FIELD = 'Policy';
export const SIGNATURE_FIELD = 'X-Lotline-Signature';
export const POLICY_FIELDS = ['key', 'Content-Type', POLICY_FIELD, SIGNATURE_FIELD] as const;

interface PolicyBody {
  v: 1;
  key: string;
  contentType: string;
  size: number;
  expires: number;
}

export function policyKey(authSecret: string): Buffer {
  return createHmac('sha256', authSecret).update('lotline:upload-policy:v1').digest();
}

const sign = (key: Buffer, policy: string) => createHmac('sha256', key).update(policy).digest('base64url');

export function signPolicy(key: Buffer, target: UploadTarget): Record<string, string> {
  const body: PolicyBody = {
    v: 1,
    key: target.key,
    contentType: target.contentType,
    size: target.size,
    expires: target.expiresAt.getTime(),
  };
  const policy = Buffer.from(JSON.stringify(body)).toString('base64url');
  return {
    key: target.key,
    'Content-Type': target.contentType,
    [POLICY_FIELD]: policy,
    [SIGNATURE_FIELD]: sign(key, policy),
  };
}

const refused = (message: string) => new AppError('FORBIDDEN', message);

/**
 * Checks the form fields of an upload against their signed policy and answers
 * the target they allow. Any field missing, added, changed or expired is refused.
 */
export function verifyPolicy(key: Buffer, fields: Record<string, string>, now: Date): UploadTarget {
  for (const name of POLICY_FIELDS) {
    if (fields[name] === undefined) {
      throw AppError.validation(`The form field "${name}" is missing; send every field of the upload policy`, name);
    }
  }
  for (const name of Object.keys(fields)) {
    if (!(POLICY_FIELDS as readonly string[]).includes(name)) {
      throw AppError.validation(`Unknown form field "${name}"`, name);
    }
  }
  const policy = fields[POLICY_FIELD] as string;
  const expected = Buffer.from(sign(key, policy));
  const given = Buffer.from(fields[SIGNATURE_FIELD] as string);
  if (given.length !== expected.length || !timingSafeEqual(given, expected)) {
    throw refused('The upload policy signature is not valid; ask for a new upload policy');
  }
  const body = JSON.parse(Buffer.from(policy, 'base64url').toString('utf8')) as PolicyBody;
  if (body.v !== 1) throw refused('Unknown upload policy version');
  if (now.getTime() >= body.expires) throw refused('The upload policy has expired; ask for a new one');
  if (fields.key !== body.key) throw refused('The key does not match the upload policy');
  if (fields['Content-Type'] !== body.contentType) throw refused('The Content-Type does not match the upload policy');
  return { key: body.key, contentType: body.contentType, size: body.size, expiresAt: new Date(body.expires) };
}
