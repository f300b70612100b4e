import type { LotDocument } from '@lotline/contracts';
import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it, vi } from 'vitest';
import { LotDocuments } from './lot-documents';

// The server actions are references in the browser; rendering needs only their identity.
vi.mock('../../lib/seller-lots/actions', () => ({
  attachDocumentAction: async () => ({ fieldErrors: {}, values: {} }),
  documentAction: async () => ({ fieldErrors: {}, values: {} }),
}));
vi.mock('../../lib/seller-lots/order-actions', () => ({
  reorderDocumentsAction: async () => ({ ok: true, message: '' }),
}));
vi.mock('next/navigation', () => ({ useRouter: () => ({ refresh: () => undefined }) }));

const doc = (n: number, fileName: string): LotDocument => ({
  _id: `ldoc_${n}`,
  url: `/files/uploads/marketplace/u/${n}.pdf`,
  fileName,
  description: `Document ${n}`,
  contentType: 'application/pdf',
  size: 2048,
  position: n - 1,
});

describe('the lot documents section', () => {
  it('takes one document of the spec’s types with a description, and lists each with its edit and Remove', () => {
    const html = renderToStaticMarkup(
      <LotDocuments
        lotId="lot_1"
        documents={[
          {
            _id: 'ldoc_1',
            url: '/files/uploads/marketplace/u/a.pdf',
            fileName: 'manual.pdf',
            description: 'Operator manual',
            contentType: 'application/pdf',
            size: 2048,
            position: 0,
          },
        ]}
      />,
    );
    expect(html).toContain('<h2 id="lot-documents-title">Documents</h2>');
    expect(html).toContain('<label for="lot-document"');
    expect(html).toContain('accept=".pdf,.docx,.xlsx,.pptx,.csv"');
    expect(html).toContain('<label for="lot-document-description"');
    expect(html).toContain('>Upload</button>');
    expect(html).toContain('<a href="/files/uploads/marketplace/u/a.pdf">manual.pdf</a> (2 KB)');
    expect(html).toContain('value="Operator manual"');
    expect(html).toContain('aria-label="Remove manual.pdf"');
  });

  it('orders the documents: a drag handle each (keyboard too), and Move up / down that post the shown order', () => {
    const html = renderToStaticMarkup(
      <LotDocuments lotId="lot_1" documents={[doc(1, 'manual.pdf'), doc(2, 'parts.pdf'), doc(3, 'report.pdf')]} />,
    );
    // @dnd-kit's handle: a focusable button a screen reader is told how to move (Space, arrows, Space).
    const handle = html.match(/<button type="button"[^>]*aria-label="Drag parts\.pdf"[^>]*>/)?.[0] ?? '';
    expect(handle).toContain('aria-roledescription="sortable"');
    expect(handle).toMatch(/aria-describedby="[^"]+"/);
    expect(html).toContain('aria-label="Drag manual.pdf"');
    expect(html).toContain('aria-label="Drag report.pdf"');
    // The first cannot go up, the last cannot go down; each button is a server action of the row's form.
    expect(html).toMatch(/value="up"[^>]*disabled=""[^>]*aria-label="Move manual\.pdf up"/);
    expect(html).toMatch(/value="down"[^>]*aria-label="Move manual\.pdf down"/);
    expect(html).not.toMatch(/value="down"[^>]*disabled=""[^>]*aria-label="Move manual\.pdf down"/);
    expect(html).toMatch(/value="down"[^>]*disabled=""[^>]*aria-label="Move report\.pdf down"/);
    // Every row's form carries the whole order as shown, so the action can move one place.
    const orders = [...html.matchAll(/name="order" value="([^"]+)"/g)].map((m) => m[1]);
    expect(orders).toEqual(Array.from({ length: 3 }, () => ['ldoc_1', 'ldoc_2', 'ldoc_3']).flat());
    // Listed in the given order, each with its numbered description.
    expect(html.indexOf('>manual.pdf</a>')).toBeLessThan(html.indexOf('>parts.pdf</a>'));
    expect(html.indexOf('>parts.pdf</a>')).toBeLessThan(html.indexOf('>report.pdf</a>'));
    expect(html).toContain('Description of document 3');
  });

  it('says when there are none', () => {
    expect(renderToStaticMarkup(<LotDocuments lotId="lot_1" documents={[]} />)).toContain('No documents yet.');
  });
});
