import { updateEventBody } from '@lotline/contracts';
import { describe, expect, it } from 'vitest';
import { bodyOf, fieldKey, formValuesOf, toCents } from './event-form';

function form(entries: [string, string][]) {
  const f = new FormData();
  for (const [k, v] of entries) f.append(k, v);
  return f;
}

const filled: [string, string][] = [
  ['name', 'Plant closure'],
  ['title', 'Houston plant'],
  ['description', ''],
  ['saleFormat', 'auction'],
  ['startAt', '2030-01-01T15:00'],
  ['endAt', '2030-01-08T15:00'],
  ['depositAmount', '500'],
  ['depositCurrency', 'USD'],
  ['incrementTable', '0 5\n100 10.50'],
  ['softCloseWindowSeconds', '120'],
  ['softCloseExtensionSeconds', '120'],
  ['softCloseCapSeconds', '3600'],
  ['staggerIntervalSeconds', '60'],
  ['buyersPremiumBps', '1000'],
  ['paymentWindowDays', '5'],
  ['tenderAwardDays', '5'],
  ['termType', 'Payment'],
  ['termText', 'Pay in 5 days.'],
  ['termType', ''],
  ['termText', ''],
  ['attachmentUploadId', 'uploads/marketplace/u1/0b7d6f5e-1c2a-4d3b-9e8f-7a6b5c4d3e2f.pdf'],
  ['attachmentFileName', 'catalog.pdf'],
  ['attachmentSize', '1200'],
  ['attachmentUrl', ''],
  ['attachmentDescription', 'Catalog'],
  ['attachmentUploadId', ''],
  ['attachmentFileName', ''],
  ['attachmentSize', ''],
  ['attachmentUrl', 'https://example.com/site-map.pdf'],
  ['attachmentDescription', 'Site map (an older link)'],
  ['privateSale', 'on'],
];

describe('the event form', () => {
  it('turns dollars and UTC times into the API body the contract accepts, dropping empty rows', () => {
    const body = bodyOf(formValuesOf(form(filled)));
    expect(updateEventBody.parse(body)).toMatchObject({
      startAt: '2030-01-01T15:00:00Z',
      privateSale: true,
      bidDeposit: { amount: 50_000, currency: 'USD' },
      settings: {
        incrementTable: [
          { from: 0, increment: 500 },
          { from: 10_000, increment: 1_050 },
        ],
        registrationApprovalRequired: false,
        buyersPremiumBps: 1000,
      },
      terms: [{ type: 'Payment', text: 'Pay in 5 days.' }],
      attachments: [
        {
          uploadId: 'uploads/marketplace/u1/0b7d6f5e-1c2a-4d3b-9e8f-7a6b5c4d3e2f.pdf',
          fileName: 'catalog.pdf',
          description: 'Catalog',
        },
        { url: 'https://example.com/site-map.pdf', description: 'Site map (an older link)' },
      ],
    });
  });

  it('sends what cannot be converted so the schema names the field', () => {
    expect(toCents('5.555')).toBeNaN();
    expect(toCents('1,200.50')).toBe(120_050);
    const bad = filled.map(([k, v]): [string, string] => [k, k === 'depositAmount' ? 'lots' : v]);
    const result = updateEventBody.safeParse(bodyOf(formValuesOf(form(bad))));
    expect(result.success).toBe(false);
    expect(result.error?.issues.map((i) => fieldKey(i.path))).toEqual(['depositAmount']);
  });

  it('sends a stored time back as stored (seconds kept) while its minute is unchanged', () => {
    const stored: [string, string][] = [
      ...filled,
      ['storedStartAt', '2030-01-01T15:00:30.000Z'],
      ['storedEndAt', '2030-01-08T15:00:45.000Z'],
    ];
    const same = bodyOf(formValuesOf(form(stored)));
    expect([same.startAt, same.endAt]).toEqual(['2030-01-01T15:00:30.000Z', '2030-01-08T15:00:45.000Z']);
    const moved = stored.map(([k, v]): [string, string] => [k, k === 'endAt' ? '2030-01-09T15:00' : v]);
    const body = bodyOf(formValuesOf(form(moved)));
    expect([body.startAt, body.endAt]).toEqual(['2030-01-01T15:00:30.000Z', '2030-01-09T15:00:00Z']);
  });

  it('shows a path beside its control', () => {
    expect(fieldKey('settings.incrementTable.0.from')).toBe('incrementTable');
    expect(fieldKey('bidDeposit.amount')).toBe('depositAmount');
    expect(fieldKey(['terms', 1, 'text'])).toBe('terms.1');
    expect(fieldKey('endAt')).toBe('endAt');
  });
});
