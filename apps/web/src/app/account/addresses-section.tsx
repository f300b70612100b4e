import { type Address, addressesResponse, CANADIAN_PROVINCES, US_STATES } from '@lotline/contracts';
import page from '../../components/forms/auth-page.module.css';
import { FormMessages } from '../../components/forms/form-messages';
import { callApi } from '../../lib/auth/api-call.server';
import { AddressForm, RemoveAddressForm } from './address-form';
import styles from './addresses.module.css';

const REGION_NAMES = new Map<string, string>([...US_STATES, ...CANADIAN_PROVINCES]);
const COUNTRY_NAMES = { US: 'United States', CA: 'Canada' } as const;

/** The account page's billing and shipping addresses: verification needs one of each (spec §4). */
export async function AddressesSection({ userId }: { userId: string }) {
  const answer = await callApi<unknown>('GET', `/marketplace-api/users/${encodeURIComponent(userId)}/addresses`);
  const parsed = addressesResponse.safeParse(answer.data);
  const addresses = parsed.success ? parsed.data : [];
  const missing = (['billing', 'shipping'] as const).filter((t) => !addresses.some((a) => a.type === t));

  return (
    <section className={page.card} aria-labelledby="addresses-title">
      <h2 id="addresses-title" className={page.cardTitle}>
        Addresses
      </h2>
      {!answer.ok || !parsed.success ? (
        <FormMessages
          error={answer.error?.message ?? 'Your addresses could not be loaded. Reload the page to try again.'}
        />
      ) : null}
      {parsed.success && missing.length > 0 ? (
        <p>To bid, add {missing.length === 2 ? 'a billing and a shipping address' : `a ${missing[0]} address`}.</p>
      ) : null}
      {addresses.length > 0 ? (
        <ul className={styles.list} aria-label="Your addresses">
          {addresses.map((a) => (
            <li key={a.id} className={styles.item} aria-label={describe(a)}>
              <AddressText address={a} />
              <details className={styles.edit}>
                <summary>Edit</summary>
                <AddressForm address={a} />
              </details>
              <RemoveAddressForm address={a} label={describe(a)} />
            </li>
          ))}
        </ul>
      ) : null}
      <h3 className={styles.subtitle}>Add an address</h3>
      <AddressForm />
    </section>
  );
}

const describe = (a: Address) => `${a.type === 'billing' ? 'Billing' : 'Shipping'} address at ${a.line1}, ${a.city}`;

function AddressText({ address: a }: { address: Address }) {
  return (
    <address className={styles.text}>
      <strong>{a.type === 'billing' ? 'Billing' : 'Shipping'}</strong>
      <br />
      {a.name}
      <br />
      {a.line1}
      {a.line2 ? `, ${a.line2}` : ''}
      <br />
      {a.city}, {REGION_NAMES.get(a.region) ?? a.region} {a.postalCode}
      <br />
      {COUNTRY_NAMES[a.country]} · {a.phone}
    </address>
  );
}
