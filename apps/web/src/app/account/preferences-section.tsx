import { DEFAULT_BUYER_PERSONA, userVarsResponse } from '@lotline/contracts';
import page from '../../components/forms/auth-page.module.css';
import { type Preferences, PreferencesForm } from './preferences-form';

/** The IANA zones the runtime knows, for the time zone select. */
const TIME_ZONES = Intl.supportedValuesOf('timeZone');

/** The account page's Preferences: buyer persona, notifications, SMS, time zone (spec §3 user vars). */
export function PreferencesSection({ preferences }: { preferences: Preferences }) {
  return (
    <section className={page.card} aria-labelledby="preferences-title">
      <h2 id="preferences-title" className={page.cardTitle}>
        Preferences
      </h2>
      <PreferencesForm preferences={preferences} timeZones={TIME_ZONES} />
    </section>
  );
}

/** The preferences from the user vars (`GET …/vars`), with the spec's defaults for unset ones. */
export function preferencesOf(data: unknown): Preferences {
  const parsed = userVarsResponse.safeParse(data);
  const vars = parsed.success ? parsed.data.data : [];
  const get = (key: string) => vars.find((v) => v.key === key)?.value;
  const notifications = get('notification_settings');
  const timezone = get('timezone');
  const persona = get('buyer_persona');
  return {
    persona: typeof persona === 'string' ? persona : DEFAULT_BUYER_PERSONA,
    notifications: notifications && typeof notifications === 'object' ? (notifications as Record<string, boolean>) : {},
    sms: get('auction-sms-notification') === true,
    timezone: typeof timezone === 'string' ? timezone : '',
  };
}
