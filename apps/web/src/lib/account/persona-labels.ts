import type { BuyerPersona } from '@lotline/contracts';

/** What each buyer persona means, in the words of the sign-up and preferences forms. */
export const PERSONA_LABELS: Record<BuyerPersona, string> = {
  'Personal/Business End User': 'I buy for my own use or my business',
  Reseller: 'I buy to resell (a tax exemption certificate will be asked for)',
};
