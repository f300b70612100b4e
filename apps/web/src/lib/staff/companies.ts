/** The staff companies page (decision 0076). */
export const STAFF_COMPANIES_PATH = '/staff/companies';
