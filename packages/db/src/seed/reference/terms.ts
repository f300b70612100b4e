/**
 * Event terms (shown as '{Type} Terms') and the attachment files every demo
 * event can link to. `{currency}`, `{premium}`, `{days}` and `{tax}` are
 * filled in per event.
 */

export const TERM_TEXTS: Record<string, readonly string[]> = {
  Payment: [
    "Payment in full is due within 3 business days of the close of the sale by wire transfer or ACH in {currency}. A {premium}% buyer's premium is added to every lot. Credit cards are accepted for invoices under 10,000 {currency} with a 3% convenience fee.",
    'Invoices are issued the morning after closing and must be paid within 72 hours. Accepted methods are wire transfer and certified cheque in {currency}. Applicable sales tax of {tax}% is charged unless a valid exemption certificate is on file before the invoice is issued.',
  ],
  Removal: [
    'All items must be removed within {days} business days after payment, Monday to Friday from 8 am to 4 pm. Buyers are responsible for bringing qualified riggers and proof of insurance. Items not removed by the deadline are considered abandoned.',
    'Removal is by appointment only and must be completed within {days} days of the close. Hand-carry items may be collected at any scheduled time; machinery must be disconnected by a licensed electrician supplied by the buyer.',
  ],
  Bidder: [
    'Bidders must register, agree to these terms and hold a valid bid deposit before bidding. All bids are binding. The seller reserves the right to cancel the sale of any lot before the invoice is issued.',
    'Bidding is open to registered business and personal buyers. By placing a bid you confirm that you have inspected the item or waived inspection. Shill bidding is prohibited and results in cancellation of the account.',
  ],
  Shipping: [
    'Shipping can be arranged through our logistics partners; request a quote from the lot page. Buyers using their own carrier must send the bill of lading at least 48 hours before pickup.',
    'Crating and palletising are available for an additional fee. Freight quotes are estimates only and are invoiced separately after loading.',
  ],
  Inspection: [
    'Inspection is available during the preview period listed above. All items are sold as is, where is, with no warranty of any kind. Photos and descriptions are provided as a courtesy only.',
  ],
};

export const TERM_TYPES = ['Payment', 'Removal', 'Bidder', 'Shipping', 'Inspection'] as const;

/** Files written to demo-attachments/; events link subsets of them. */
export const ATTACHMENTS: readonly { file: string; description: string }[] = [
  { file: 'auction-catalog.pdf', description: 'Sale catalogue' },
  { file: 'terms-and-conditions.pdf', description: 'Terms and conditions of sale' },
  { file: 'inspection-report.pdf', description: 'Third-party inspection report' },
  { file: 'equipment-list.xlsx', description: 'Equipment list with specifications' },
  { file: 'lot-list.csv', description: 'Lot list (CSV)' },
  { file: 'removal-schedule.docx', description: 'Removal schedule and rigging instructions' },
  { file: 'site-map.png', description: 'Site map and loading dock layout' },
  { file: 'facility-overview.jpg', description: 'Facility overview photo' },
];
