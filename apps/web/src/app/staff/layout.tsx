import { canReviewTaxExemptions } from '@lotline/contracts';
import type { ReactNode } from 'react';
import { getCurrentUser } from '../../lib/auth/current-user.server';
import styles from './staff.module.css';
import { StaffNavLinks } from './staff-nav-links';

/**
 * The staff area (decision 0073): its navigation above every staff page, shown to staff only (each page still
 * checks the roles itself and answers others its 404 page, which then shows no staff links).
 */
export default async function StaffLayout({ children }: { children: ReactNode }) {
  const user = await getCurrentUser();
  if (!user || !canReviewTaxExemptions(user.roles)) return children;
  return (
    <>
      <nav aria-label="Staff" className={styles.nav}>
        <div className="container">
          <StaffNavLinks />
        </div>
      </nav>
      {children}
    </>
  );
}
