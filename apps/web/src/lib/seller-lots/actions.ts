'use server';

import { revalidatePath } from 'next/cache';
import { redirect } from 'next/navigation';
import { callApi } from '../auth/api-call.server';
import { emptyForm, type FormState } from '../auth/form-state';
import { parseLotForm, typedValues } from './lot-form';
import { movedOrder } from './moved-order';
import { sellerEventLotsPath, sellerLotPath } from './paths';

/**
 * The lot console's server actions (issue 16; decision 0050). The API decides
 * and checks who may; these carry the form and show its answer, a field's
 * error beside its field.
 */

const idOf = (form: FormData, key: string) => {
  const id = form.get(key);
  return typeof id === 'string' && id !== '' ? id : null;
};

type Answer = Awaited<ReturnType<typeof callApi>>;

/** Every field error of a refused answer beside its field; the rest as the form's message. */
function refused(answer: Answer, values: Record<string, string> = {}): FormState {
  const fieldErrors: Record<string, string> = {};
  let error: string | undefined;
  for (const e of answer.errors) {
    if (e.field && !(e.field in fieldErrors)) fieldErrors[e.field] = e.message;
    else error ??= e.message;
  }
  if (Object.keys(fieldErrors).length === 0) error ??= 'That did not work. Try again.';
  return { fieldErrors, values, ...(error ? { error } : {}) };
}

/** Creates (with `eventId`) or replaces (with `lotId`) a lot from the form. */
export async function saveLotAction(_: FormState, form: FormData): Promise<FormState> {
  const values = typedValues(form);
  const parsed = parseLotForm(form);
  if (!parsed.ok) return { fieldErrors: parsed.fieldErrors, values };
  const lotId = idOf(form, 'lotId');
  const eventId = idOf(form, 'eventId');
  if (!lotId && !eventId) return { ...emptyForm, values, error: 'That event no longer exists.' };
  const answer = lotId
    ? await callApi<{ _id: string; eventId: string }>(
        'PUT',
        `/marketplace-api/seller/lots/${encodeURIComponent(lotId)}`,
        parsed.body,
      )
    : await callApi<{ _id: string; eventId: string }>(
        'POST',
        `/marketplace-api/seller/events/${encodeURIComponent(eventId ?? '')}/lots`,
        parsed.body,
      );
  if (!answer.ok || !answer.data) return refused(answer, values);
  revalidatePath(sellerEventLotsPath(answer.data.eventId));
  if (!lotId) redirect(sellerLotPath(answer.data._id));
  revalidatePath(sellerLotPath(answer.data._id));
  return { ...emptyForm, success: 'Lot saved.' };
}

/** One of the table's row actions: copy, delete, move up or down. */
export async function lotRowAction(_: FormState, form: FormData): Promise<FormState> {
  const lotId = idOf(form, 'lotId');
  const eventId = idOf(form, 'eventId');
  const action = form.get('action');
  if (!lotId || !eventId) return { ...emptyForm, error: 'That lot no longer exists.' };
  const lot = `/marketplace-api/seller/lots/${encodeURIComponent(lotId)}`;
  let answer: Answer;
  let success: string;
  if (action === 'copy') {
    answer = await callApi('POST', `${lot}/copy`);
    success = 'Lot copied: the copy is last.';
  } else if (action === 'delete') {
    answer = await callApi('DELETE', lot);
    success = 'Lot deleted.';
  } else if (action === 'up' || action === 'down') {
    const order = movedOrder(form.getAll('order').map(String), lotId, action);
    if (!order) return emptyForm;
    answer = await callApi('PUT', `/marketplace-api/seller/events/${encodeURIComponent(eventId)}/lots/order`, {
      lotIds: order,
    });
    success = action === 'up' ? 'Lot moved up.' : 'Lot moved down.';
  } else {
    return { ...emptyForm, error: 'Unknown action.' };
  }
  if (!answer.ok) return refused(answer);
  revalidatePath(sellerEventLotsPath(eventId));
  return { ...emptyForm, success };
}

/** Attaches a file the browser uploaded (the signed-POST contract) as the lot's last photo. */
export async function attachPhotoAction(lotId: string, uploadId: string): Promise<FormState> {
  const answer = await callApi('POST', `/marketplace-api/seller/lots/${encodeURIComponent(lotId)}/photos`, {
    uploadId,
  });
  if (!answer.ok) return refused(answer);
  revalidatePath(sellerLotPath(lotId));
  return { ...emptyForm, success: 'Photo added.' };
}

/** Photo row actions: remove, move up or down, make first. */
export async function photoAction(_: FormState, form: FormData): Promise<FormState> {
  const lotId = idOf(form, 'lotId');
  const photoId = idOf(form, 'photoId');
  const action = form.get('action');
  if (!lotId || !photoId) return { ...emptyForm, error: 'That photo no longer exists.' };
  const photos = `/marketplace-api/seller/lots/${encodeURIComponent(lotId)}/photos`;
  let answer: Answer;
  if (action === 'remove') {
    answer = await callApi('DELETE', `${photos}/${encodeURIComponent(photoId)}`);
  } else {
    const order = movedOrder(form.getAll('order').map(String), photoId, action);
    if (!order) return emptyForm;
    answer = await callApi('PUT', `${photos}/order`, { photoIds: order });
  }
  if (!answer.ok) return refused(answer);
  revalidatePath(sellerLotPath(lotId));
  return { ...emptyForm, success: action === 'remove' ? 'Photo removed.' : 'Photos reordered.' };
}

/** Attaches a document the browser uploaded (the signed-POST contract) with its description (decision 0056). */
export async function attachDocumentAction(
  lotId: string,
  upload: { uploadId: string; fileName: string; description: string },
): Promise<FormState> {
  const answer = await callApi('POST', `/marketplace-api/seller/lots/${encodeURIComponent(lotId)}/documents`, upload);
  if (!answer.ok) return refused(answer, { description: upload.description });
  revalidatePath(sellerLotPath(lotId));
  return { ...emptyForm, success: 'Document added.' };
}

/** Document row actions: save its description, remove it, or move it up or down. */
export async function documentAction(_: FormState, form: FormData): Promise<FormState> {
  const lotId = idOf(form, 'lotId');
  const documentId = idOf(form, 'documentId');
  if (!lotId || !documentId) return { ...emptyForm, error: 'That document no longer exists.' };
  const documents = `/marketplace-api/seller/lots/${encodeURIComponent(lotId)}/documents`;
  const path = `${documents}/${encodeURIComponent(documentId)}`;
  const action = form.get('action');
  const description = String(form.get('description') ?? '');
  let answer: Answer;
  let success: string;
  if (action === 'remove') {
    answer = await callApi('DELETE', path);
    success = 'Document removed.';
  } else if (action === 'up' || action === 'down') {
    const order = movedOrder(form.getAll('order').map(String), documentId, action);
    if (!order) return emptyForm;
    answer = await callApi('PUT', `${documents}/order`, { documentIds: order });
    success = 'Documents reordered.';
  } else {
    answer = await callApi('PUT', path, { description });
    success = 'Description saved.';
  }
  if (!answer.ok) return refused(answer, { description });
  revalidatePath(sellerLotPath(lotId));
  return { ...emptyForm, success };
}
