import type { Executor } from '@lotline/db';
import { wireAccounts } from '@lotline/db/schema';

/**
 * The test marketplace's receiving banks (decision 0070): every test app has
 * them, as a deployment whose staff set them, so wire is offered in USD and
 * CAD (CAD while CAD_WIRE_TRANSFER is on). A test of "no account set" asks
 * `createTestApp({ wireAccounts: false })` or deletes the rows.
 */
export const TEST_WIRE_ACCOUNTS = [
  {
    currency: 'USD',
    beneficiary: 'Lotline Test Inc.',
    bankName: 'First Harbor Bank, Houston, TX, USA',
    accountNumber: '000123456789',
    bankCode: 'ABA 111000025 · SWIFT FHBKUS44',
    referenceNote: '',
  },
  {
    currency: 'CAD',
    beneficiary: 'Lotline Test Canada Ltd.',
    bankName: 'Northern Maple Bank, Toronto, ON, Canada',
    accountNumber: 'Institution 004, transit 10202, account 5012345',
    bankCode: 'SWIFT NMBKCATT',
    referenceNote: '',
  },
];

export async function setTestWireAccounts(db: Executor): Promise<void> {
  await db.insert(wireAccounts).values(TEST_WIRE_ACCOUNTS).onConflictDoNothing();
}
