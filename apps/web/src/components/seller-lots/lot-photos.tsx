'use client';

import type { SellerLotPhoto } from '@lotline/contracts';
import { useRouter } from 'next/navigation';
import { type DragEvent, type FormEvent, useActionState, useRef, useState } from 'react';
import { emptyForm, type FormState } from '../../lib/auth/form-state';
import { attachPhotoAction, photoAction } from '../../lib/seller-lots/actions';
import type { OrderAnswer } from '../../lib/seller-lots/order-actions';
import { uploadFile } from '../../lib/uploads/upload-file';
import { FormMessages } from '../forms/form-messages';
import forms from '../forms/forms.module.css';
import { PhotoList } from './photo-list';
import styles from './seller-lots.module.css';

/**
 * A lot's photos (issue 16; decision 0050): several files at once, each sent
 * from the browser through the signed-POST contract and then attached as the
 * last photo; files dropped on the form are uploaded the same way (decision
 * 0055). Remove, move, drag, "Make first photo" (the card photo): `PhotoList`.
 */
export function LotPhotos({
  lotId,
  photos,
  companyId,
}: {
  lotId: string;
  photos: SellerLotPhoto[];
  /** The lot's company: it pays for the photos from its upload quota (decision 0085). */
  companyId?: string | undefined;
}) {
  const router = useRouter();
  const [uploaded, setUploaded] = useState<FormState>(emptyForm);
  const [pending, setPending] = useState(false);
  const [state, act] = useActionState(photoAction, emptyForm);
  const [moved, setMoved] = useState<OrderAnswer | null>(null);
  const [dropping, setDropping] = useState(false);
  // A row button's answer replaces a drag's and an upload's.
  const actAfterDrag = (form: FormData) => {
    setMoved(null);
    setUploaded(emptyForm);
    act(form);
  };
  // The last answer speaks: a drag's, an upload's (until a row button), else a row button's.
  const shown = uploaded === emptyForm ? state : uploaded;
  const formRef = useRef<HTMLFormElement>(null);

  function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    void upload(new FormData(event.currentTarget).getAll('photos'));
  }

  function onDrop(event: DragEvent<HTMLFormElement>) {
    event.preventDefault();
    setDropping(false);
    void upload([...event.dataTransfer.files].filter((f) => f.type.startsWith('image/')));
  }

  async function upload(chosen: FormDataEntryValue[]) {
    const files = chosen.filter((f): f is File => f instanceof File && f.size > 0);
    setMoved(null);
    if (files.length === 0) {
      setUploaded({ ...emptyForm, fieldErrors: { photos: 'Choose one or more photos.' } });
      return;
    }
    setPending(true);
    let added = 0;
    let error: string | undefined;
    for (const file of files) {
      try {
        const { key } = await uploadFile(file, { application: 'marketplace', companyId });
        const answer = await attachPhotoAction(lotId, key);
        if (answer.success) added++;
        else error = Object.values(answer.fieldErrors)[0] ?? answer.error;
      } catch (err) {
        error = err instanceof Error ? err.message : String(err);
      }
    }
    setPending(false);
    setUploaded({
      ...emptyForm,
      ...(error ? { error } : {}),
      success: added > 0 ? `${added} photo${added === 1 ? '' : 's'} added.` : undefined,
    });
    formRef.current?.reset();
    router.refresh();
  }

  const photoError = uploaded.fieldErrors.photos;
  return (
    <section aria-labelledby="lot-photos-title">
      <h2 id="lot-photos-title">Photos</h2>
      <FormMessages
        error={moved ? (moved.ok ? undefined : moved.message) : shown.error}
        success={moved ? (moved.ok ? moved.message : undefined) : shown.success}
      />
      <form
        ref={formRef}
        onSubmit={onSubmit}
        onDragOver={(e) => {
          e.preventDefault();
          setDropping(true);
        }}
        onDragLeave={() => setDropping(false)}
        onDrop={onDrop}
        className={`${forms.form} ${styles.dropzone} ${dropping ? styles.dropping : ''}`}
        noValidate
      >
        <div className={forms.field}>
          <label htmlFor="lot-photos" className={forms.label}>
            Add photos
          </label>
          <p id="lot-photos-hint" className={forms.hint}>
            Choose files or drop them here. Images up to 10 mb each, at most 100 a lot. The first photo is the one the
            lot card shows.
          </p>
          <input
            id="lot-photos"
            name="photos"
            type="file"
            multiple
            accept="image/*"
            className={forms.input}
            aria-invalid={photoError ? true : undefined}
            aria-describedby={photoError ? 'lot-photos-hint lot-photos-error' : 'lot-photos-hint'}
          />
          {photoError ? (
            <p id="lot-photos-error" className={forms.fieldError}>
              {photoError}
            </p>
          ) : null}
        </div>
        <button type="submit" className="button" disabled={pending} aria-disabled={pending}>
          {pending ? 'Uploading…' : 'Upload photos'}
        </button>
      </form>
      {photos.length === 0 ? (
        <p>No photos yet: a lot needs at least one to be published.</p>
      ) : (
        <PhotoList lotId={lotId} photos={photos} act={actAfterDrag} onMoved={setMoved} />
      )}
    </section>
  );
}
