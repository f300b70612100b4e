import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { AttachmentsField } from './attachments-field';

const uploaded = {
  uploadId: 'uploads/marketplace/u1/0b7d6f5e-1c2a-4d3b-9e8f-7a6b5c4d3e2f.pdf',
  fileName: 'catalog.pdf',
  size: '2048',
  url: '',
  description: 'Catalogue',
};
const link = { uploadId: '', fileName: '', size: '', url: 'https://example.com/site-map.pdf', description: 'Site map' };

describe('the event form’s attachments', () => {
  it('offers a labelled file input of the attachment types and no file bytes in the form', () => {
    const html = renderToStaticMarkup(<AttachmentsField initial={[]} errors={{}} companyId="co_1" />);
    expect(html).toContain('<label for="attachments-file"');
    expect(html).toContain('Add files (PDF, DOCX, XLSX, PPTX, CSV, JPG, JPEG, PNG; up to 10 MB each)');
    expect(html).toMatch(
      /<input[^>]*id="attachments-file"[^>]*type="file"[^>]*multiple=""[^>]*accept=".pdf,.docx,.xlsx,.pptx,.csv,.jpg,.jpeg,.png"/,
    );
    // The chosen file is uploaded by the script; the form itself never carries it.
    expect(html).not.toMatch(/<input[^>]*type="file"[^>]*name=/);
    expect(html).toContain('role="status"');
  });

  it('lists an upload by name and size and an older link as kept, each row sending every field', () => {
    const html = renderToStaticMarkup(
      <AttachmentsField initial={[uploaded, link]} errors={{ 'attachments.1': 'Upload the file instead.' }} />,
    );
    expect(html).toContain('Attachment 1: catalog.pdf');
    expect(html).toContain(`href="/files/${uploaded.uploadId}"`);
    expect(html).toContain('(2 KB)');
    expect(html).toContain('Attachment 2: https://example.com/site-map.pdf');
    expect(html).toContain('a link added before uploads; kept as it is');
    for (const name of [
      'attachmentUploadId',
      'attachmentFileName',
      'attachmentSize',
      'attachmentUrl',
      'attachmentDescription',
    ]) {
      expect(html.match(new RegExp(`name="${name}"`, 'g'))).toHaveLength(2);
    }
    expect(html).toContain('value="Catalogue"');
    expect(html).toContain('Upload the file instead.');
    expect(html).toContain('aria-label="Remove attachment catalog.pdf"');
  });
});
