'use client';

import {
  CERTIFICATE_TYPE_MESSAGE,
  TAX_CERTIFICATE_ACCEPT,
  TAX_CERTIFICATE_EXTENSIONS,
  TAX_REGION_MESSAGE,
  uploadExtension,
} from '@lotline/contracts/constants';
import { type FormEvent, useRef, useState } from 'react';
import { FormMessages } from '../../components/forms/form-messages';
import styles from '../../components/forms/forms.module.css';
import { RegionOptions, SelectField } from '../../components/forms/select-field';
import { submitTaxExemptionAction } from '../../lib/account/tax-exemption-actions';
import { emptyForm, type FormState } from '../../lib/auth/form-state';
import { uploadFile } from '../../lib/uploads/upload-file';

const CERTIFICATE_TYPES = new Set<string>(TAX_CERTIFICATE_EXTENSIONS);

/**
 * Uploads a tax exemption certificate and submits it for review. The file
 * goes straight from the browser to the storage (the contract's two steps),
 * so this form needs JavaScript; the submission itself is a server action.
 */
export function TaxExemptionForm() {
  const [state, setState] = useState<FormState>(emptyForm);
  const [pending, setPending] = useState(false);
  const formRef = useRef<HTMLFormElement>(null);
  const fileError = state.fieldErrors.certificate;

  async function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const form = new FormData(event.currentTarget);
    const file = form.get('certificate');
    const region = String(form.get('region') ?? '');
    const fieldErrors: Record<string, string> = {};
    if (!(file instanceof File) || file.size === 0) fieldErrors.certificate = 'Choose the certificate file.';
    else if (!CERTIFICATE_TYPES.has(uploadExtension(file.name))) fieldErrors.certificate = CERTIFICATE_TYPE_MESSAGE;
    if (!region) fieldErrors.region = TAX_REGION_MESSAGE;
    if (Object.keys(fieldErrors).length > 0 || !(file instanceof File)) {
      setState({ fieldErrors, values: { region } });
      // Take the person to the first field to fix; its error is announced with it.
      formRef.current?.querySelector<HTMLElement>(fieldErrors.certificate ? '#tax-certificate' : 'select')?.focus();
      return;
    }
    setPending(true);
    try {
      const { key } = await uploadFile(file, 'marketplace');
      const next = await submitTaxExemptionAction({ fileKey: key, region });
      setState(next);
      if (next.success) formRef.current?.reset();
    } catch (err) {
      setState({ ...emptyForm, values: { region }, error: err instanceof Error ? err.message : String(err) });
    } finally {
      setPending(false);
    }
  }

  return (
    <form ref={formRef} onSubmit={onSubmit} className={styles.form} noValidate>
      <FormMessages error={state.error} success={state.success} />
      <div className={styles.field}>
        <label htmlFor="tax-certificate" className={styles.label}>
          Exemption certificate
        </label>
        <p id="tax-certificate-hint" className={styles.hint}>
          A PDF, JPG or PNG file up to 10 mb.
        </p>
        <input
          id="tax-certificate"
          name="certificate"
          type="file"
          accept={TAX_CERTIFICATE_ACCEPT}
          className={styles.input}
          aria-invalid={fileError ? true : undefined}
          aria-describedby={fileError ? 'tax-certificate-hint tax-certificate-error' : 'tax-certificate-hint'}
        />
        {fileError ? (
          <p id="tax-certificate-error" className={styles.fieldError}>
            {fileError}
          </p>
        ) : null}
      </div>
      <SelectField
        name="region"
        label="Issued for (state or province)"
        error={state.fieldErrors.region}
        defaultValue={state.values.region ?? ''}
        prefix="tax-exemption"
      >
        <RegionOptions />
      </SelectField>
      <button type="submit" className="button" disabled={pending} aria-disabled={pending}>
        {pending ? 'Uploading…' : 'Submit certificate'}
      </button>
    </form>
  );
}
