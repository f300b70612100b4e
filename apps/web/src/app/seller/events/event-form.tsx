'use client';

import { useActionState } from 'react';
import { Field, TextAreaField } from '../../../components/forms/field';
import { FormMessages } from '../../../components/forms/form-messages';
import formStyles from '../../../components/forms/forms.module.css';
import { SelectField } from '../../../components/forms/select-field';
import { SubmitButton } from '../../../components/forms/submit-button';
import { ScheduleFields } from '../../../components/seller-console/schedule-fields';
import { type EventFormState, saveEventAction } from '../../../lib/seller-events/event-actions';
import type { EventFormValues } from '../../../lib/seller-events/event-form';
import { AttachmentsField } from './attachments-field';
import styles from './events.module.css';
import { RowsField } from './rows-field';

const initial: EventFormState = { fieldErrors: {} };

/**
 * The one event form (issue 16): new (with the company to create it for) or
 * an existing event. Errors from the contract's schema or the API's 400/409
 * appear beside their field; a successful create opens the event's page.
 */
export function EventForm({
  eventId,
  companies,
  companyId,
  stored,
}: {
  eventId?: string;
  companies?: { _id: string; name: string }[];
  /** An existing event's company: its attachments are charged to it (decision 0085). */
  companyId?: string;
  stored: EventFormValues;
}) {
  const [state, action] = useActionState(saveEventAction, initial);
  const v = state.values ?? stored;
  const errors = state.fieldErrors;
  const text = (name: keyof EventFormValues) => String(v[name] ?? '');
  const field = (
    name: keyof EventFormValues & string,
    label: string,
    extra: Partial<Parameters<typeof Field>[0]> = {},
  ) => (
    <Field
      name={name}
      label={label}
      autoComplete="off"
      error={errors[name]}
      defaultValue={text(name)}
      idPrefix="event"
      {...extra}
    />
  );
  const check = (name: 'privateSale' | 'registrationApprovalRequired', label: string) => (
    <label className={formStyles.choice}>
      <input key={String(v[name])} type="checkbox" name={name} defaultChecked={v[name]} />
      {label}
    </label>
  );
  return (
    <form action={action} className={formStyles.form} noValidate>
      <FormMessages error={state.error} success={state.success} />
      {eventId ? <input type="hidden" name="eventId" value={eventId} /> : null}
      <input type="hidden" name="storedStartAt" value={v.storedStartAt} />
      <input type="hidden" name="storedEndAt" value={v.storedEndAt} />
      <section className={styles.section} aria-labelledby="event-about">
        <h2 id="event-about">About the event</h2>
        {companies ? (
          <SelectField
            name="companyId"
            label="Company"
            error={errors.companyId}
            defaultValue={companies[0]?._id ?? ''}
            prefix="event"
          >
            {companies.map((c) => (
              <option key={c._id} value={c._id}>
                {c.name}
              </option>
            ))}
          </SelectField>
        ) : null}
        {field('name', 'Name', { required: true, maxLength: 200 })}
        {field('title', 'Title', { required: true, maxLength: 300 })}
        <TextAreaField
          name="description"
          label="Description"
          error={errors.description}
          defaultValue={text('description')}
          idPrefix="event"
        />
      </section>
      <section className={styles.section} aria-labelledby="event-schedule">
        <h2 id="event-schedule">Schedule and sale</h2>
        <p className={styles.muted}>Choose the time zone you think in; each time also says its UTC equivalent.</p>
        <div className={styles.grid}>
          <ScheduleFields startAt={text('startAt')} endAt={text('endAt')} errors={errors} />
        </div>
        <SelectField
          name="saleFormat"
          label="Sale format"
          error={errors.saleFormat}
          defaultValue={text('saleFormat')}
          prefix="event"
        >
          <option value="auction">Auction</option>
          <option value="buy-now">Buy now</option>
          <option value="tender">Tender</option>
        </SelectField>
        {check('privateSale', 'Private sale (hidden from browse and search)')}
        <div className={styles.grid}>
          {field('depositAmount', 'Bid deposit (dollars; empty for none)')}
          <SelectField
            name="depositCurrency"
            label="Deposit currency"
            error={errors.depositCurrency}
            defaultValue={text('depositCurrency')}
            prefix="event"
          >
            <option value="USD">USD</option>
            <option value="CAD">CAD</option>
          </SelectField>
        </div>
      </section>
      <section className={styles.section} aria-labelledby="event-settings">
        <h2 id="event-settings">Auction settings</h2>
        <TextAreaField
          name="incrementTable"
          label="Increment table (one row per line: “from increment” in dollars; empty for the default table)"
          error={errors.incrementTable}
          defaultValue={text('incrementTable')}
          idPrefix="event"
          rows={4}
        />
        <div className={styles.grid}>
          {field('softCloseWindowSeconds', 'Soft-close window (seconds)', { type: 'number' })}
          {field('softCloseExtensionSeconds', 'Soft-close extension (seconds)', { type: 'number' })}
          {field('softCloseCapSeconds', 'Soft-close cap (seconds)', { type: 'number' })}
          {field('staggerIntervalSeconds', 'Stagger interval (seconds)', { type: 'number' })}
          {field('buyersPremiumBps', "Buyer's premium (basis points; 100 = 1%)", { type: 'number' })}
          {field('paymentWindowDays', 'Payment window (days)', { type: 'number' })}
          {field('tenderAwardDays', 'Tender award window (days)', { type: 'number' })}
        </div>
        {check('registrationApprovalRequired', 'Registrations need my approval')}
      </section>
      <RowsField
        key={`terms-${JSON.stringify(v.terms)}`}
        kind="terms"
        legend="Terms"
        names={{ a: 'termType', b: 'termText' }}
        labels={{ a: 'Type (shown as “{Type} Terms”)', b: 'Text' }}
        addLabel="Add terms"
        rowName={(row, i) => (row.a ? `${row.a} Terms` : `Terms ${i + 1}`)}
        initial={v.terms}
        errors={errors}
        multiline
      />
      <AttachmentsField
        key={`attachments-${JSON.stringify(v.attachments)}`}
        initial={v.attachments}
        errors={errors}
        companyId={companyId}
      />
      <div className={styles.actions}>
        <SubmitButton pendingLabel="Saving…">{eventId ? 'Save event' : 'Create event'}</SubmitButton>
      </div>
    </form>
  );
}
