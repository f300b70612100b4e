import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it, vi } from 'vitest';
import { LotDocuments } from './lot-documents';

// The server actions are references in the browser; rendering needs only their identity.
vi.mock('../../lib/seller-lots/actions', () => ({
  attachDocumentAction: async () => ({ fieldErrors: {}, values: {} }),
  documentAction: async () => ({ fieldErrors: {}, values: {} }),
}));
vi.mock('next/navigation', () => ({ useRouter: () => ({ refresh: () => undefined }) }));

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

  it('says when there are none', () => {
    expect(renderToStaticMarkup(<LotDocuments lotId="lot_1" documents={[]} />)).toContain('No documents yet.');
  });
});
