'use client';

import Link from 'next/link';
import { usePathname } from 'next/navigation';
import styles from './staff.module.css';
import { STAFF_NAV } from './staff-nav';

/** The staff area's links; the page shown (or one under it) is marked current. */
export function StaffNavLinks() {
  const pathname = usePathname();
  return (
    <ul className={styles.navList}>
      {STAFF_NAV.map(({ href, label }) => {
        const current = pathname === href || pathname.startsWith(`${href}/`);
        return (
          <li key={href}>
            <Link href={href} className={styles.navLink} aria-current={current ? 'page' : undefined}>
              {label}
            </Link>
          </li>
        );
      })}
    </ul>
  );
}
