import { TERMS_OF_USE_PATH } from '../../lib/routes';
import forms from '../forms/forms.module.css';

/**
 * Whether the API refused because the person has not agreed to the Terms of Use in force (decision 0084): the
 * contract's `TERMS_CODES.notAgreed`, spelled out because client code takes no zod-bearing contracts module.
 */
export const isTermsOfUseRefusal = (code: string | undefined) => code === 'TERMS_OF_USE_NOT_AGREED';

/**
 * The API's refusal of a bid or a registration while the bidder has not agreed to the Terms of Use in force
 * (decision 0084): its message, then the way on, a link to the Terms page whose "I agree" records the version.
 * Announced at once, as every refusal is.
 */
export function TermsOfUseRefusal({ message }: { message: string }) {
  return (
    <p role="alert" className={forms.alert}>
      {message} <a href={TERMS_OF_USE_PATH}>Review and agree to the Terms of Use</a>
    </p>
  );
}
