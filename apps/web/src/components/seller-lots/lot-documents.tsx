'use client';

import type { LotDocument } from '@lotline/contracts';
import { DOCUMENT_DESCRIPTION_MAX, DOCUMENT_EXTENSIONS, MAX_LOT_DOCUMENTS } from '@lotline/contracts/constants';
import { useRouter } from 'next/navigation';
import { type FormEvent, useActionState, useRef, useState } from 'react';
import { emptyForm, type FormState } from '../../lib/auth/form-state';
import { attachDocumentAction, documentAction } from '../../lib/seller-lots/actions';
import type { OrderAnswer } from '../../lib/seller-lots/order-actions';
import { uploadFile } from '../../lib/uploads/upload-file';
import { FormMessages } from '../forms/form-messages';
import forms from '../forms/forms.module.css';
import { DocumentList } from './document-list';

const ACCEPT = DOCUMENT_EXTENSIONS.map((e) => `.${e}`).join(',');

/**
 * A lot's documents (issue 16; decision 0056): one file sent from the browser
 * through the signed-POST contract, then attached with its description. The
 * list (`DocumentList`): each document's description (Save), drag, Move up /
 * down and Remove. Documents stay editable and orderable after publishing.
 */
export function LotDocuments({
  lotId,
  documents,
  companyId,
}: {
  lotId: string;
  documents: LotDocument[];
  /** The lot's company: it pays for the documents from its upload quota (decision 0085). */
  companyId?: string | undefined;
}) {
  const router = useRouter();
  const [uploaded, setUploaded] = useState<FormState>(emptyForm);
  const [pending, setPending] = useState(false);
  const [state, act] = useActionState(documentAction, emptyForm);
  const [moved, setMoved] = useState<OrderAnswer | null>(null);
  // A row button's answer replaces a drag's and an upload's.
  const actAfterDrag = (form: FormData) => {
    setMoved(null);
    setUploaded(emptyForm);
    act(form);
  };
  // The last answer speaks: a drag's, an upload's (until a row button), else a row button's.
  const shown = uploaded === emptyForm ? state : uploaded;
  const formRef = useRef<HTMLFormElement>(null);

  async function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    setMoved(null);
    const form = new FormData(event.currentTarget);
    const file = form.get('document');
    const description = String(form.get('description') ?? '');
    if (!(file instanceof File) || file.size === 0) {
      setUploaded({ ...emptyForm, values: { description }, fieldErrors: { document: 'Choose a document.' } });
      return;
    }
    setPending(true);
    let answer: FormState;
    try {
      const { key } = await uploadFile(file, { application: 'marketplace', companyId });
      answer = await attachDocumentAction(lotId, { uploadId: key, fileName: file.name, description });
    } catch (err) {
      answer = { ...emptyForm, values: { description }, error: err instanceof Error ? err.message : String(err) };
    }
    setPending(false);
    setUploaded(answer);
    if (answer.success) {
      formRef.current?.reset();
      router.refresh();
    }
  }

  const fileError = uploaded.fieldErrors.document ?? uploaded.fieldErrors.uploadId ?? uploaded.fieldErrors.fileName;
  const descriptionError = uploaded.fieldErrors.description;
  return (
    <section aria-labelledby="lot-documents-title">
      <h2 id="lot-documents-title">Documents</h2>
      <FormMessages
        error={moved ? (moved.ok ? undefined : moved.message) : shown.error}
        success={moved ? (moved.ok ? moved.message : undefined) : shown.success}
      />
      <form ref={formRef} onSubmit={onSubmit} className={forms.form} noValidate>
        <div className={forms.field}>
          <label htmlFor="lot-document" className={forms.label}>
            Add a document
          </label>
          <p id="lot-document-hint" className={forms.hint}>
            {DOCUMENT_EXTENSIONS.join(', ')} up to 10 mb, at most {MAX_LOT_DOCUMENTS} a lot. Buyers see them on the lot
            page once the lot is published.
          </p>
          <input
            id="lot-document"
            name="document"
            type="file"
            accept={ACCEPT}
            className={forms.input}
            aria-invalid={fileError ? true : undefined}
            aria-describedby={fileError ? 'lot-document-hint lot-document-error' : 'lot-document-hint'}
          />
          {fileError ? (
            <p id="lot-document-error" className={forms.fieldError}>
              {fileError}
            </p>
          ) : null}
        </div>
        <div className={forms.field}>
          <label htmlFor="lot-document-description" className={forms.label}>
            Description
          </label>
          <input
            id="lot-document-description"
            name="description"
            type="text"
            maxLength={DOCUMENT_DESCRIPTION_MAX}
            defaultValue={uploaded.values.description ?? ''}
            className={forms.input}
            aria-invalid={descriptionError ? true : undefined}
            aria-describedby={descriptionError ? 'lot-document-description-error' : undefined}
          />
          {descriptionError ? (
            <p id="lot-document-description-error" className={forms.fieldError}>
              {descriptionError}
            </p>
          ) : null}
        </div>
        <button type="submit" className="button" disabled={pending} aria-disabled={pending}>
          {pending ? 'Uploading…' : 'Upload'}
        </button>
      </form>
      {documents.length === 0 ? (
        <p>No documents yet.</p>
      ) : (
        <DocumentList lotId={lotId} documents={documents} act={actAfterDrag} onMoved={setMoved} />
      )}
    </section>
  );
}
