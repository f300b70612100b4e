import { staffCmsSectionsResponse } from '@lotline/contracts';
import type { Metadata } from 'next';
import page from '../../../../components/forms/auth-page.module.css';
import { FormMessages } from '../../../../components/forms/form-messages';
import view from '../../../../components/order-view/order-view.module.css';
import { callApi } from '../../../../lib/auth/api-call.server';
import { STAFF_SECTIONS_PATH, staffSectionPath } from '../../../../lib/staff/content';
import { requireStaffPage } from '../staff-page.server';

export const metadata: Metadata = { title: 'Filler sections and home rows' };

/** Staff only (decision 0084): every filler section, shown or not, with where it shows; each opens its editor. */
export default async function StaffSectionsPage() {
  await requireStaffPage(STAFF_SECTIONS_PATH);
  const answer = await callApi<unknown>('GET', '/marketplace-api/staff/cms-sections');
  const parsed = staffCmsSectionsResponse.safeParse(answer.data);
  return (
    <div className={`${page.page} ${page.wide}`}>
      <h1 className={page.title}>Filler sections and home rows</h1>
      <p>
        Filler sections show on the browse pages when they are visible; a section marked for the home page is also one
        of its rows. Lower positions come first.
      </p>
      {!answer.ok || !parsed.success ? (
        <FormMessages error="The sections could not be loaded. Reload the page." />
      ) : (
        <table className={view.table}>
          <caption className="visually-hidden">Filler sections</caption>
          <thead>
            <tr>
              <th scope="col">Position</th>
              <th scope="col">Title</th>
              <th scope="col">Type</th>
              <th scope="col">Shows on</th>
              <th scope="col">Edit</th>
            </tr>
          </thead>
          <tbody>
            {parsed.data.sections.map((section) => (
              <tr key={section._id}>
                <td>{section.position}</td>
                <td>{section.label}</td>
                <td>{section.type}</td>
                <td>{section.active ? (section.onHome ? 'Browse pages and home page' : 'Browse pages') : 'Hidden'}</td>
                <td>
                  <a href={staffSectionPath(section._id)} aria-label={`Edit ${section.label}`}>
                    Edit
                  </a>
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
    </div>
  );
}
