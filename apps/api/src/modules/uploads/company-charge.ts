import type { Executor } from '@lotline/db';
import { AppError } from '../../lib/errors';
import { sellerCompanyIds } from '../sellers/company-members';

/**
 * An upload may be charged to a company (decision 0085) only by a user who answers for it (a
 * member with the seller role): nobody spends another company's quota, nor hides their own
 * uploads in it.
 */
export async function requireCompanyCharge(db: Executor, userId: string, companyId: string): Promise<void> {
  if (!(await sellerCompanyIds(db, userId)).includes(companyId)) {
    throw new AppError('FORBIDDEN', 'You can upload files for a company only while you are one of its sellers.', {
      field: 'companyId',
    });
  }
}
