import type { CompanyLocation } from '@lotline/contracts';
import page from '../../../components/forms/auth-page.module.css';
import { AddLocationForm, RemoveLocationForm } from '../events/location-forms';
import styles from './company.module.css';

/**
 * The company's locations with their tax rate (spec §3; decision 0054): an
 * address book its events copy from ("Add this location" on an event), kept by
 * owners and staff. Removing one here leaves the events' copies as they are.
 */
export function LocationsSection({ companyId, locations }: { companyId: string; locations: CompanyLocation[] }) {
  return (
    <section className={page.card} aria-labelledby="locations-title">
      <h2 id="locations-title" className={page.cardTitle}>
        Locations
      </h2>
      <p>Where your assets sit, with the local tax rate. Each event can copy them into its own locations.</p>
      {locations.length === 0 ? (
        <p>No locations yet.</p>
      ) : (
        <ul className={styles.list} aria-label="Company locations">
          {locations.map((l) => (
            <li key={l._id} className={styles.item}>
              <RemoveLocationForm owner={{ companyId }} location={l} />
            </li>
          ))}
        </ul>
      )}
      <h3 className={styles.subtitle}>Add a location</h3>
      <AddLocationForm owner={{ companyId }} label="Add a company location" />
    </section>
  );
}
