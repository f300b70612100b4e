'use client';

import type { ImportError, ImportPreview, ImportStatus } from '@lotline/contracts';
import { type FormEvent, useEffect, useRef, useState } from 'react';
import { FormMessages } from '../forms/form-messages';
import forms from '../forms/forms.module.css';

/**
 * The bulk import (issue 16; decision 0051): the sheet and the ZIP go to the
 * preview; its errors are listed by row and column (focus moves to them);
 * "Import N lots" commits an error-free preview, then the progress is polled
 * until every photo is attached and resized. Client-side only for the upload
 * and the polling.
 */

type Envelope<T> = { status: 'success'; data: T } | { status: 'error'; errors: { message: string }[] };

async function call<T>(url: string, init?: RequestInit): Promise<{ ok: true; data: T } | { ok: false; error: string }> {
  try {
    const res = await fetch(url, { credentials: 'same-origin', ...init });
    const body = (await res.json()) as Envelope<T>;
    if (body.status === 'success') return { ok: true, data: body.data };
    return { ok: false, error: body.errors[0]?.message ?? `The server answered ${res.status}.` };
  } catch {
    return { ok: false, error: 'The server could not be reached. Try again.' };
  }
}

export function ImportForm({ eventId, lotsHref }: { eventId: string; lotsHref: string }) {
  const [preview, setPreview] = useState<ImportPreview | undefined>();
  const [status, setStatus] = useState<ImportStatus | undefined>();
  const [error, setError] = useState<string | undefined>();
  const [busy, setBusy] = useState(false);
  const summary = useRef<HTMLElement>(null);

  useEffect(() => {
    if (preview) summary.current?.focus();
  }, [preview]);

  useEffect(() => {
    if (!status || status.status === 'done' || status.status === 'failed') return;
    const timer = setTimeout(async () => {
      const next = await call<ImportStatus>(`/marketplace-api/seller/imports/${encodeURIComponent(status.importId)}`);
      if (next.ok) setStatus(next.data);
      else setError(next.error);
    }, 1000);
    return () => clearTimeout(timer);
  }, [status]);

  async function onCheck(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const form = new FormData(event.currentTarget);
    const sheet = form.get('sheet');
    if (!(sheet instanceof File) || sheet.size === 0) {
      setError('Choose the sheet (CSV or XLSX) to import.');
      return;
    }
    const body = new FormData();
    body.append('sheet', sheet);
    const photos = form.get('photos');
    if (photos instanceof File && photos.size > 0) body.append('photos', photos);
    setBusy(true);
    setError(undefined);
    setPreview(undefined);
    setStatus(undefined);
    const answer = await call<ImportPreview>(`/marketplace-api/seller/events/${encodeURIComponent(eventId)}/imports`, {
      method: 'POST',
      body,
    });
    setBusy(false);
    if (answer.ok) setPreview(answer.data);
    else setError(answer.error);
  }

  async function onImport() {
    if (!preview) return;
    setBusy(true);
    const answer = await call<ImportStatus>(
      `/marketplace-api/seller/imports/${encodeURIComponent(preview.importId)}/commit`,
      { method: 'POST', headers: { 'idempotency-key': `import-${preview.importId}` } },
    );
    setBusy(false);
    if (answer.ok) setStatus(answer.data);
    else setError(answer.error);
  }

  const errors = preview?.errors ?? [];
  return (
    <>
      <FormMessages error={error} />
      <form onSubmit={onCheck} className={forms.form} noValidate>
        <div className={forms.field}>
          <label htmlFor="import-sheet" className={forms.label}>
            Sheet (CSV or XLSX)
          </label>
          <p id="import-sheet-hint" className={forms.hint}>
            The template’s columns, at most 5,000 lots.
          </p>
          <input
            id="import-sheet"
            name="sheet"
            type="file"
            accept=".csv,.xlsx,text/csv"
            className={forms.input}
            aria-describedby="import-sheet-hint"
          />
        </div>
        <div className={forms.field}>
          <label htmlFor="import-photos" className={forms.label}>
            Photos (ZIP, optional)
          </label>
          <p id="import-photos-hint" className={forms.hint}>
            Matched by file name with the photos column; up to 512 MB. For more, list photo URLs in the sheet.
          </p>
          <input
            id="import-photos"
            name="photos"
            type="file"
            accept=".zip,application/zip"
            className={forms.input}
            aria-describedby="import-photos-hint"
          />
        </div>
        <button type="submit" className="button" disabled={busy}>
          {busy && !preview ? 'Checking…' : 'Check the file'}
        </button>
      </form>
      {preview ? (
        <section ref={summary} tabIndex={-1} aria-labelledby="import-summary-title">
          <h2 id="import-summary-title">
            {errors.length === 0
              ? `${preview.lotsToCreate} lots to create`
              : `${errors.length} ${errors.length === 1 ? 'error' : 'errors'} in ${preview.rows} rows: fix the file and check it again`}
          </h2>
          {errors.length > 0 ? <ErrorTable errors={errors} /> : null}
          {status ? null : (
            <button type="button" className="button" disabled={busy || errors.length > 0} onClick={onImport}>
              Import {preview.lotsToCreate} lots
            </button>
          )}
        </section>
      ) : null}
      {status ? <Progress status={status} lotsHref={lotsHref} /> : null}
    </>
  );
}

function ErrorTable({ errors }: { errors: ImportError[] }) {
  return (
    <ul>
      {errors.map((e) => (
        <li key={`${e.row}-${e.column}`}>
          {e.column ? `Row ${e.row}, column ${e.column}: ${e.message}` : `Row ${e.row}: ${e.message}`}
        </li>
      ))}
    </ul>
  );
}

function Progress({ status, lotsHref }: { status: ImportStatus; lotsHref: string }) {
  const settled = status.photosReady + status.photosFailed;
  if (status.status === 'failed') {
    return <FormMessages error="The import broke off and created no lot. Check the file again." />;
  }
  return (
    <section aria-labelledby="import-progress-title">
      <h2 id="import-progress-title">{status.status === 'done' ? 'Imported' : 'Importing'}</h2>
      <p role="status">
        {status.lotsCreated} lots created.{' '}
        {status.photosTotal > 0 ? `${settled} of ${status.photosTotal} photos ready` : 'No photos.'}
        {status.photosFailed > 0 ? ` (${status.photosFailed} could not be fetched)` : ''}
      </p>
      {status.photosTotal > 0 ? (
        <progress max={status.photosTotal} value={settled} aria-label="Photos ready">
          {settled} of {status.photosTotal}
        </progress>
      ) : null}
      <p>
        <a href={lotsHref}>See the lots</a>
      </p>
    </section>
  );
}
