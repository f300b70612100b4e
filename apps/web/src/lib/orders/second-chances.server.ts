import 'server-only';
import { type SecondChance, secondChancesResponse } from '@lotline/contracts';
import { callApi } from '../auth/api-call.server';

/** The lots offered to the user as runner-up (BIDDING §8), read with their cookies; [] when it fails. */
export async function loadSecondChances(userId: string): Promise<SecondChance[]> {
  const answer = await callApi<unknown>('GET', `/marketplace-api/users/${encodeURIComponent(userId)}/second-chances`);
  const parsed = answer.ok ? secondChancesResponse.safeParse(answer.data) : null;
  return parsed?.success ? parsed.data.secondChances : [];
}
