'use client';

import { EVENT_ATTACHMENT_EXTENSIONS, MAX_EVENT_ATTACHMENTS } from '@lotline/contracts/constants';
import { type ChangeEvent, useRef, useState } from 'react';
import formStyles from '../../../components/forms/forms.module.css';
import { fileSize } from '../../../lib/format/file-size';
import { ATTACHMENT_FIELDS, type AttachmentRow } from '../../../lib/seller-events/attachment-fields';
import { uploadFile } from '../../../lib/uploads/upload-file';
import styles from './events.module.css';

const ACCEPT = EVENT_ATTACHMENT_EXTENSIONS.map((e) => `.${e}`).join(',');
const TYPES = EVENT_ATTACHMENT_EXTENSIONS.map((e) => e.toUpperCase()).join(', ');

type Keyed = AttachmentRow & { key: number };

/**
 * The event's attachments (decision 0085): each chosen file is uploaded from the browser through
 * the upload policy, charged to the event's company, and becomes a row the form saves with the
 * event (its upload id, name and size in hidden fields, its description typed here). An older
 * typed-in link is shown and kept as it was. The file input has no name: no file bytes go with
 * the form itself.
 */
export function AttachmentsField({
  initial,
  errors,
  companyId,
}: {
  initial: AttachmentRow[];
  errors: Record<string, string>;
  /** The event's company; a new event's is the form's company choice at the time of the upload. */
  companyId?: string | undefined;
}) {
  const [rows, setRows] = useState<Keyed[]>(() => initial.map((r, key) => ({ ...r, key })));
  const [next, setNext] = useState(initial.length);
  const [status, setStatus] = useState('');
  const [failures, setFailures] = useState<string[]>([]);
  const [busy, setBusy] = useState(false);
  const input = useRef<HTMLInputElement>(null);

  const companyOf = () => {
    if (companyId) return companyId;
    const chosen = input.current?.form?.elements.namedItem('companyId');
    return chosen instanceof HTMLSelectElement ? chosen.value : undefined;
  };

  async function onChoose(event: ChangeEvent<HTMLInputElement>) {
    const files = [...(event.currentTarget.files ?? [])];
    event.currentTarget.value = '';
    if (files.length === 0) return;
    const room = MAX_EVENT_ATTACHMENTS - rows.length;
    const taken = files.slice(0, Math.max(0, room));
    const problems =
      files.length > taken.length ? [`An event can have at most ${MAX_EVENT_ATTACHMENTS} attachments.`] : [];
    setBusy(true);
    setFailures([]);
    let key = next;
    const added: Keyed[] = [];
    for (const [i, file] of taken.entries()) {
      setStatus(`Uploading ${file.name} (${i + 1} of ${taken.length})…`);
      try {
        const { key: uploadId } = await uploadFile(file, { application: 'marketplace', companyId: companyOf() });
        const row = { uploadId, fileName: file.name, size: String(file.size), url: '', description: '', key: key++ };
        added.push(row);
        setRows((all) => [...all, row]);
      } catch (err) {
        problems.push(err instanceof Error ? err.message : `Failed to upload ${file.name}`);
      }
    }
    setNext(key);
    setBusy(false);
    setFailures(problems);
    setStatus(
      added.length > 0
        ? `Uploaded ${added.map((r) => r.fileName).join(', ')}. Save the event to keep ${added.length === 1 ? 'it' : 'them'}.`
        : '',
    );
  }

  const remove = (row: Keyed, index: number) => {
    setRows((all) => all.filter((r) => r.key !== row.key));
    setStatus(`Removed ${row.fileName || row.url}. Save the event to keep the change.`);
    const after = rows[index + 1];
    document.getElementById(after ? `attachment-${after.key}-description` : 'attachments-file')?.focus();
  };

  return (
    <fieldset className={styles.section}>
      <legend>Attachments</legend>
      {errors.attachments ? <p className={formStyles.fieldError}>{errors.attachments}</p> : null}
      {rows.map((row, index) => {
        const id = `attachment-${row.key}`;
        const error = errors[`attachments.${index}`];
        const name = row.fileName || row.url;
        return (
          <fieldset key={row.key} className={styles.row}>
            <legend className={formStyles.label}>{`Attachment ${index + 1}: ${name}`}</legend>
            <input type="hidden" name={ATTACHMENT_FIELDS.uploadId} value={row.uploadId} />
            <input type="hidden" name={ATTACHMENT_FIELDS.fileName} value={row.fileName} />
            <input type="hidden" name={ATTACHMENT_FIELDS.size} value={row.size} />
            <input type="hidden" name={ATTACHMENT_FIELDS.url} value={row.url} />
            <p className={styles.muted}>
              {row.uploadId ? (
                <>
                  <a href={`/files/${row.uploadId}`} target="_blank" rel="noopener">
                    {row.fileName}
                  </a>
                  {row.size ? ` (${fileSize(Number(row.size))})` : null}
                </>
              ) : (
                <>
                  <a href={row.url} target="_blank" rel="noopener noreferrer">
                    {row.url}
                  </a>{' '}
                  (a link added before uploads; kept as it is)
                </>
              )}
            </p>
            <label htmlFor={`${id}-description`} className={formStyles.label}>
              Description
            </label>
            <input
              id={`${id}-description`}
              name={ATTACHMENT_FIELDS.description}
              className={formStyles.input}
              maxLength={300}
              value={row.description}
              onChange={(e) => {
                const description = e.target.value;
                setRows((all) => all.map((r) => (r.key === row.key ? { ...r, description } : r)));
              }}
              aria-invalid={error ? true : undefined}
              aria-describedby={error ? `${id}-error` : undefined}
            />
            {error ? (
              <p id={`${id}-error`} className={formStyles.fieldError}>
                {error}
              </p>
            ) : null}
            <div>
              <button
                type="button"
                className="button"
                aria-label={`Remove attachment ${name}`}
                onClick={() => remove(row, index)}
              >
                Remove
              </button>
            </div>
          </fieldset>
        );
      })}
      <label htmlFor="attachments-file" className={formStyles.label}>
        Add files ({TYPES}; up to 10 MB each)
      </label>
      <input
        ref={input}
        id="attachments-file"
        type="file"
        multiple
        accept={ACCEPT}
        disabled={busy}
        onChange={onChoose}
        aria-describedby="attachments-status"
      />
      <p id="attachments-status" role="status" className={styles.muted}>
        {status}
      </p>
      {failures.length > 0 ? (
        <ul role="alert" className={formStyles.fieldError}>
          {failures.map((f) => (
            <li key={f}>{f}</li>
          ))}
        </ul>
      ) : null}
    </fieldset>
  );
}
