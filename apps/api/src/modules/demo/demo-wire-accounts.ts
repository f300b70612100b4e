import type { Executor } from '@lotline/db';
import { setWireAccount } from '../orders/payment/wire-accounts';

/**
 * The demo's receiving banks (decision 0070): after a fresh seed the demo
 * invoices offer wire in USD and CAD (CAD while CAD_WIRE_TRANSFER is on), as
 * if staff had set them. A real deployment has none until staff set its own
 * on the staff page. Fictional banks and numbers.
 */
export const DEMO_WIRE_ACCOUNTS = {
  USD: {
    beneficiary: 'Lotline Marketplace Inc. (client funds)',
    bankName: 'First Harbor Bank, 100 Main Street, Houston, TX 77002, USA',
    accountNumber: '000123456789',
    bankCode: 'ABA routing 111000025 · SWIFT/BIC FHBKUS44',
    referenceNote: 'Domestic wires: Fedwire to the ABA routing number; international wires: SWIFT.',
  },
  CAD: {
    beneficiary: 'Lotline Marketplace Canada Ltd. (client funds)',
    bankName: 'Northern Maple Bank, 200 Bay Street, Toronto, ON M5J 2J5, Canada',
    accountNumber: 'Institution 004, transit 10202, account 5012345',
    bankCode: 'SWIFT/BIC NMBKCATT',
    referenceNote: '',
  },
} as const;

export async function demoWireAccounts(db: Executor, log: (message: string) => void): Promise<void> {
  for (const [currency, account] of Object.entries(DEMO_WIRE_ACCOUNTS)) {
    await setWireAccount(db, currency as keyof typeof DEMO_WIRE_ACCOUNTS, account, null);
  }
  log('demo wire accounts set (USD, CAD)');
}
