import 'server-only';
import { publicConfigResponse } from '@lotline/contracts';
import { connection } from 'next/server';
import { callApi } from '../auth/api-call.server';

/**
 * Whether the API's payment provider is the sandbox (decision 0066), from its public config. The API is the one
 * that knows (its PAYMENTS_PROVIDER and Stripe keys); the web server has no payment settings of its own that could
 * disagree. The answer changes only when the API restarts, so it is kept a minute rather than asked per page.
 * An API that does not answer shows no banner and is not remembered: the page says the API is unreachable anyway.
 */
const KEEP_MS = 60_000;
let kept: { sandbox: boolean; until: number } | undefined;

export async function paymentsAreSandbox(): Promise<boolean> {
  // Never while `next build` prerenders: the API is not running then.
  await connection();
  if (kept && kept.until > Date.now()) return kept.sandbox;
  const answer = await callApi<unknown>('GET', '/marketplace/api/public-config');
  const parsed = answer.ok ? publicConfigResponse.safeParse(answer.data) : undefined;
  if (!parsed?.success) return false;
  const sandbox = parsed.data.payments.provider === 'sandbox';
  kept = { sandbox, until: Date.now() + KEEP_MS };
  return sandbox;
}
