import 'server-only';
import { type TermsAgreementState, termsAgreementState } from '@lotline/contracts';
import { cache } from 'react';
import { callApi } from '../auth/api-call.server';

/**
 * Whether the signed-in user agreed to the Terms of Use in force (decision 0084), as the API answers; null when
 * the read fails (the asking is left out: the API still refuses the bid). Once per request: the layout's banner
 * and the Terms page both ask.
 */
export const loadTermsState = cache(async (userId: string): Promise<TermsAgreementState | null> => {
  const answer = await callApi<unknown>('GET', `/marketplace-api/users/${encodeURIComponent(userId)}/terms-agreement`);
  const state = termsAgreementState.safeParse(answer.data);
  return answer.ok && state.success ? state.data : null;
});
