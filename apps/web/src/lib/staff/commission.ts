/** The staff page of the marketplace's default commission (decision 0078). */
export const STAFF_COMMISSION_PATH = '/staff/commission';
