import { FormMessages } from '../../../../components/forms/form-messages';
import { getCurrentUser } from '../../../../lib/auth/current-user.server';
import { agreeToTermsAction } from '../../../../lib/content/terms-actions';
import { loadTermsState } from '../../../../lib/content/terms-state.server';
import styles from './page.module.css';

/**
 * For a signed-in person who has not agreed to the version in force (decision
 * 0084): bidding and registering are refused until they do, here. Visitors and
 * people who agreed see nothing, or the confirmation right after agreeing.
 */
export async function TermsAgreement({ version, agreed, error }: { version: number; agreed: boolean; error: string }) {
  const user = await getCurrentUser();
  if (!user) return null;
  const state = await loadTermsState(user.id);
  if (!state) return null;
  if (state.agreed) return agreed ? <FormMessages success={`You agreed to version ${version}.`} /> : null;
  return (
    <section aria-labelledby="terms-agree-title" className={styles.agree}>
      <h2 id="terms-agree-title">These terms have changed</h2>
      <p>
        Version {state.currentVersion} is in force. Read it below; you can bid and register for auctions again once you
        agree to it.
      </p>
      <FormMessages error={error || undefined} />
      <form action={agreeToTermsAction}>
        <input type="hidden" name="version" value={state.currentVersion} />
        <button type="submit" className="button">
          I agree to version {state.currentVersion}
        </button>
      </form>
    </section>
  );
}
