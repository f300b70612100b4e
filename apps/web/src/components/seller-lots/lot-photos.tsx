'use client';

import type { SellerLotPhoto } from '@lotline/contracts';
import { useRouter } from 'next/navigation';
import { type FormEvent, useActionState, useRef, useState } from 'react';
import { emptyForm, type FormState } from '../../lib/auth/form-state';
import { attachPhotoAction, photoAction } from '../../lib/seller-lots/actions';
import { uploadFile } from '../../lib/uploads/upload-file';
import { FormMessages } from '../forms/form-messages';
import forms from '../forms/forms.module.css';
import styles from './seller-lots.module.css';

/**
 * A lot's photos (issue 16; decision 0050): several files at once, each sent
 * from the browser through the signed-POST contract and then attached as the
 * last photo; remove, move, "Make first photo" (the card photo) as server actions.
 */
export function LotPhotos({ lotId, photos }: { lotId: string; photos: SellerLotPhoto[] }) {
  const router = useRouter();
  const [uploaded, setUploaded] = useState<FormState>(emptyForm);
  const [pending, setPending] = useState(false);
  const [state, act] = useActionState(photoAction, emptyForm);
  const formRef = useRef<HTMLFormElement>(null);

  async function onUpload(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const files = new FormData(event.currentTarget)
      .getAll('photos')
      .filter((f): f is File => f instanceof File && f.size > 0);
    if (files.length === 0) {
      setUploaded({ ...emptyForm, fieldErrors: { photos: 'Choose one or more photos.' } });
      return;
    }
    setPending(true);
    let added = 0;
    let error: string | undefined;
    for (const file of files) {
      try {
        const { key } = await uploadFile(file, 'marketplace');
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

  const order = photos.map((p) => p._id);
  const photoError = uploaded.fieldErrors.photos;
  return (
    <section aria-labelledby="lot-photos-title">
      <h2 id="lot-photos-title">Photos</h2>
      <FormMessages error={uploaded.error ?? state.error} success={uploaded.success ?? state.success} />
      <form ref={formRef} onSubmit={onUpload} className={forms.form} noValidate>
        <div className={forms.field}>
          <label htmlFor="lot-photos" className={forms.label}>
            Add photos
          </label>
          <p id="lot-photos-hint" className={forms.hint}>
            Images up to 10 mb each, at most 100 a lot. The first photo is the one the lot card shows.
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
        <ol className={styles.photos}>
          {photos.map((photo, i) => (
            <li key={photo._id}>
              {/* biome-ignore lint/performance/noImgElement: the console shows the stored file as is. */}
              <img src={photo.url} alt={`${i + 1} of ${photos.length}${i === 0 ? ', shown on the card' : ''}`} />
              <form action={act} className={styles.actions}>
                <input type="hidden" name="lotId" value={lotId} />
                <input type="hidden" name="photoId" value={photo._id} />
                {order.map((id) => (
                  <input key={id} type="hidden" name="order" value={id} />
                ))}
                {i > 0 ? (
                  <button
                    type="submit"
                    name="action"
                    value="first"
                    className="button button-secondary"
                    aria-label={`Make photo ${i + 1} the first photo`}
                  >
                    Make first photo
                  </button>
                ) : null}
                <button
                  type="submit"
                  name="action"
                  value="up"
                  className="button button-secondary"
                  disabled={i === 0}
                  aria-label={`Move photo ${i + 1} up`}
                >
                  Move up
                </button>
                <button
                  type="submit"
                  name="action"
                  value="down"
                  className="button button-secondary"
                  disabled={i === photos.length - 1}
                  aria-label={`Move photo ${i + 1} down`}
                >
                  Move down
                </button>
                <button
                  type="submit"
                  name="action"
                  value="remove"
                  className="button button-secondary"
                  aria-label={`Remove photo ${i + 1}`}
                >
                  Remove
                </button>
              </form>
            </li>
          ))}
        </ol>
      )}
    </section>
  );
}
