import type { Metadata } from 'next';
import page from '../../../components/forms/auth-page.module.css';
import {
  STAFF_CONTENT_PATH,
  STAFF_FEATURED_SELLERS_PATH,
  STAFF_SECTIONS_PATH,
  STAFF_TERMS_PATH,
} from '../../../lib/staff/content';
import { requireStaffPage } from './staff-page.server';

export const metadata: Metadata = { title: 'Content' };

/** Staff only (decision 0084): what the marketplace's own pages show. */
export default async function StaffContentPage() {
  await requireStaffPage(STAFF_CONTENT_PATH);
  return (
    <div className={`${page.page} ${page.wide}`}>
      <h1 className={page.title}>Content</h1>
      <ul>
        <li>
          <a href={STAFF_FEATURED_SELLERS_PATH}>Featured sellers</a>: the six seller logos of the home page, in order.
        </li>
        <li>
          <a href={STAFF_SECTIONS_PATH}>Filler sections and home rows</a>: their titles, text, links and lots, with a
          preview.
        </li>
        <li>
          <a href={STAFF_TERMS_PATH}>Terms of Use</a>: publish a new version; bidders agree to it before bidding again.
        </li>
      </ul>
    </div>
  );
}
