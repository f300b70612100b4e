'use client';

import { COMPANY_DESCRIPTION_MAX, DISPLAY_NAME_MAX, UPLOAD_EXTENSIONS, uploadKind } from '@lotline/contracts/constants';
import { type FormEvent, useRef, useState } from 'react';
import { Field, FieldError, TextAreaField } from '../../../components/forms/field';
import { FormMessages } from '../../../components/forms/form-messages';
import styles from '../../../components/forms/forms.module.css';
import { emptyForm, type FormState } from '../../../lib/auth/form-state';
import { LOGO_PHOTO, responsivePhoto } from '../../../lib/images';
import { saveCompanyProfileAction } from '../../../lib/seller-company/company-actions';
import { uploadFile } from '../../../lib/uploads/upload-file';

const LOGO_ACCEPT = UPLOAD_EXTENSIONS.image.map((ext) => `.${ext}`).join(',');
const LOGO_TYPE_MESSAGE = 'The logo must be an image (JPG, PNG, WEBP, BMP or HEIC).';

/**
 * The company's public profile: display name, description and logo. A new
 * logo goes straight from the browser to the storage (the upload contract's
 * two steps, as the tax exemption form does), so this form needs JavaScript;
 * the save itself is a server action. Errors are shown by their field.
 */
export function ProfileForm({
  companyId,
  profile,
}: {
  companyId: string;
  profile: { displayName: string | null; description: string; logoUrl: string | null };
}) {
  const [state, setState] = useState<FormState>(emptyForm);
  const [pending, setPending] = useState(false);
  const formRef = useRef<HTMLFormElement>(null);

  async function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const form = new FormData(event.currentTarget);
    const values = {
      displayName: String(form.get('displayName') ?? ''),
      description: String(form.get('description') ?? ''),
    };
    const file = form.get('logo');
    const newLogo = file instanceof File && file.size > 0 ? file : null;
    if (newLogo && uploadKind(newLogo.name) !== 'image') {
      setState({ fieldErrors: { logo: LOGO_TYPE_MESSAGE }, values });
      formRef.current?.querySelector<HTMLElement>('#company-logo')?.focus();
      return;
    }
    setPending(true);
    try {
      const logoKey = newLogo
        ? (await uploadFile(newLogo, { application: 'marketplace', companyId })).key
        : form.get('removeLogo')
          ? null
          : undefined;
      const next = await saveCompanyProfileAction({
        companyId,
        ...values,
        ...(logoKey === undefined ? {} : { logoKey }),
      });
      setState(next);
      const invalid = Object.keys(next.fieldErrors)[0];
      if (invalid) formRef.current?.querySelector<HTMLElement>(`#company-${invalid}`)?.focus();
      const logoInput = formRef.current?.querySelector<HTMLInputElement>('#company-logo');
      if (next.success && logoInput) logoInput.value = '';
    } catch (err) {
      setState({ ...emptyForm, values, fieldErrors: { logo: err instanceof Error ? err.message : String(err) } });
    } finally {
      setPending(false);
    }
  }

  const value = (name: 'displayName' | 'description') => state.values[name] ?? profile[name] ?? '';
  const logoError = state.fieldErrors.logo;
  return (
    <form ref={formRef} onSubmit={onSubmit} className={styles.form} noValidate aria-label="Company profile">
      <FormMessages error={state.error} success={state.success} />
      <Field
        name="displayName"
        label="Display name"
        autoComplete="organization"
        hint="The name buyers see. Leave it empty to show the company's registered name."
        error={state.fieldErrors.displayName}
        defaultValue={value('displayName')}
        maxLength={DISPLAY_NAME_MAX}
        idPrefix="company"
      />
      <TextAreaField
        name="description"
        label="Description"
        error={state.fieldErrors.description}
        defaultValue={value('description')}
        maxLength={COMPANY_DESCRIPTION_MAX}
        rows={6}
        idPrefix="company"
      />
      <div className={styles.field}>
        <label htmlFor="company-logo" className={styles.label}>
          Logo
        </label>
        <p id="company-logo-hint" className={styles.hint}>
          An image (JPG, PNG, WEBP, BMP or HEIC) up to 10 mb. Leave empty to keep the current logo.
        </p>
        {profile.logoUrl ? (
          // biome-ignore lint/performance/noImgElement: same-origin files, resized by the API (decision 0023)
          <img {...responsivePhoto(profile.logoUrl, LOGO_PHOTO)} alt="Current logo" width={160} height={80} />
        ) : null}
        <input
          id="company-logo"
          name="logo"
          type="file"
          accept={LOGO_ACCEPT}
          className={styles.input}
          aria-invalid={logoError ? true : undefined}
          aria-describedby={logoError ? 'company-logo-hint company-logo-error' : 'company-logo-hint'}
        />
        <FieldError id="company-logo" error={logoError} />
        {profile.logoUrl ? (
          <label className={styles.choice}>
            <input type="checkbox" name="removeLogo" /> Remove the logo
          </label>
        ) : null}
      </div>
      <button type="submit" className="button" disabled={pending} aria-disabled={pending}>
        {pending ? 'Saving…' : 'Save profile'}
      </button>
    </form>
  );
}
