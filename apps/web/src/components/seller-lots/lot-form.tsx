'use client';

import { zodResolver } from '@hookform/resolvers/zod';
import { LOT_TYPES, MARKET_DEMANDS, PACKAGING_TYPES, PARTIES, SHIPPING_OPTIONS } from '@lotline/contracts/enums';
import { type FormEvent, useActionState, useEffect, useRef, useState, useTransition } from 'react';
import { useForm } from 'react-hook-form';
import { emptyForm } from '../../lib/auth/form-state';
import { saveLotAction } from '../../lib/seller-lots/actions';
import { lotFormSchema } from '../../lib/seller-lots/lot-form';
import { firstStepWith, flatErrors, LOT_STEPS } from '../../lib/seller-lots/lot-steps';
import { FieldError } from '../forms/field';
import { FormMessages } from '../forms/form-messages';
import forms from '../forms/forms.module.css';
import { formErrorOf, LotCheckbox, type LotFieldProps, LotInput, LotSelect, LotTextArea } from './lot-fields';
import { LotStepButtons, LotSteps } from './lot-step-nav';
import styles from './seller-lots.module.css';

const MONEY_HINT = 'In dollars, e.g. 1250.50; leave empty for none.';

/**
 * The one lot form (issues 16; decisions 0050, 0055), new or existing, in four
 * steps: the lot, prices, logistics, values. react-hook-form checks each step
 * with the contract's lot schema on "Next" and beside each field; the server
 * action stays the submit path and its 400 field errors land on their fields
 * (and open their step). Without JavaScript every step shows and posts at once.
 */
export function LotForm({
  eventId,
  lotId,
  initial,
  locks,
  categories,
  locations,
}: {
  eventId: string;
  lotId: string | null;
  initial: Record<string, string>;
  locks: Record<string, string>;
  categories: [string, string][];
  locations: [string, string][];
}) {
  const [state, action] = useActionState(saveLotAction, emptyForm);
  const [pending, startTransition] = useTransition();
  const [step, setStep] = useState(0);
  const [enhanced, setEnhanced] = useState(false);
  const formRef = useRef<HTMLFormElement>(null);
  const values = Object.keys(state.values).length > 0 ? state.values : initial;
  const { register, trigger, setError, clearErrors, getValues, formState } = useForm<Record<string, unknown>>({
    resolver: zodResolver(lotFormSchema),
    defaultValues: initial,
    mode: 'onTouched',
  });
  useEffect(() => setEnhanced(true), []);
  // The server's 400 field errors become the fields' errors, and the first step with one opens.
  useEffect(() => {
    for (const [field, message] of Object.entries(state.fieldErrors)) setError(field, { type: 'server', message });
    const at = firstStepWith(Object.keys(state.fieldErrors));
    if (at !== null) setStep(at);
  }, [state, setError]);
  const errors = flatErrors(formState.errors);
  // Every field a control shows; any other field error goes to the form's error.
  const controls = new Set<string>(['shippingOptions']);
  const p = (name: string, label: string, hint?: string): LotFieldProps => {
    controls.add(name);
    return {
      name,
      label,
      values,
      errors,
      locks,
      register: locks[name] ? undefined : register,
      ...(hint ? { hint } : {}),
    };
  };
  const box = (name: string, label: string, key?: string) => {
    controls.add(name);
    return <LotCheckbox key={key} name={name} label={label} values={values} errors={errors} register={register} />;
  };
  const money = (name: string, label: string) => <LotInput {...p(name, label, MONEY_HINT)} inputMode="decimal" />;
  const parties = PARTIES.map((v) => [v, v] as [string, string]);
  const shown = (at: number) => ({ hidden: enhanced && step !== at, className: forms.fieldset });

  async function next() {
    if (await trigger([...(LOT_STEPS[step]?.fields ?? [])])) setStep(step + 1);
    else formRef.current?.querySelector<HTMLElement>('[aria-invalid="true"]')?.focus();
  }
  async function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const form = new FormData(event.currentTarget);
    clearErrors();
    if (await trigger()) {
      startTransition(() => action(form));
      return;
    }
    const checked = lotFormSchema.safeParse(getValues());
    const at = checked.success ? null : firstStepWith(checked.error.issues.map((i) => String(i.path[0] ?? '')));
    if (at !== null) setStep(at);
  }
  // Built before the messages so `controls` is complete when they are worked out.
  const groups = (
    <div className={styles.groups}>
      <fieldset {...shown(0)}>
        <legend>The lot</legend>
        <div className={styles.grid}>
          <LotInput {...p('number', 'Lot number')} />
          <LotInput {...p('name', 'Name')} />
          <LotSelect {...p('type', 'Type')} options={LOT_TYPES} />
          <LotInput {...p('quantity', 'Quantity')} inputMode="numeric" />
          <LotSelect {...p('productCategoryId', 'Category')} options={categories} empty="Choose…" />
          <LotInput {...p('brand', 'Brand (its unique name)')} />
          <LotInput {...p('catalogProductId', 'Catalog product id')} />
          <LotSelect {...p('dispositionLocationId', 'Location')} options={locations} empty="Choose…" />
        </div>
        <LotTextArea {...p('description', 'Description')} rows={5} />
      </fieldset>
      <fieldset {...shown(1)}>
        <legend>Prices</legend>
        <div className={styles.grid}>
          {money('startingBid', 'Starting bid')}
          {money('reserveBid', 'Reserve')}
          {money('buyItNowPrice', 'Buy-it-now price')}
        </div>
        {box('bestOfferEnabled', 'Accept best offers (buy-it-now items)')}
      </fieldset>
      <fieldset {...shown(2)}>
        <legend>Logistics</legend>
        {box('managedShipping', 'Managed shipping')}
        <div className={styles.grid}>
          {money('riggingCost', 'Rigging cost')}
          <LotSelect {...p('riggingParty', 'Rigging by')} options={parties} empty="Not set" />
          {money('loadingCost', 'Loading cost')}
          <LotSelect {...p('loadingParty', 'Loading by')} options={parties} empty="Not set" />
          {money('shippingCost', 'Shipping cost per unit')}
          <LotSelect {...p('shippingParty', 'Shipping by')} options={parties} empty="Not set" />
          <LotSelect {...p('shippingPackageType', 'Packaging')} options={PACKAGING_TYPES} empty="Not set" />
          <LotInput {...p('shippingPackageCount', 'Number of packages')} inputMode="numeric" />
        </div>
        <fieldset className={forms.fieldset}>
          <legend>Shipping options</legend>
          {SHIPPING_OPTIONS.map((o) => box(o, o.replaceAll('_', ' '), o))}
          <FieldError id="lot-shippingOptions" error={errors.shippingOptions} />
        </fieldset>
      </fieldset>
      <fieldset {...shown(3)}>
        <legend>Values</legend>
        <div className={styles.grid}>
          <LotSelect {...p('marketDemand', 'Market demand')} options={MARKET_DEMANDS} empty="Not set" />
          {money('forcedLiquidationValue', 'Forced liquidation value')}
          {money('orderlyLiquidationValue', 'Orderly liquidation value')}
          {money('grossBookValue', 'Gross book value')}
          {money('netBookValue', 'Net book value')}
          {money('transferValue', 'Transfer value')}
        </div>
      </fieldset>
    </div>
  );
  const submit = lotId ? 'Save lot' : 'Add the lot';
  return (
    <form ref={formRef} action={action} onSubmit={enhanced ? onSubmit : undefined} className={forms.form} noValidate>
      <FormMessages error={formErrorOf(state.error ?? locks.lot, errors, controls)} success={state.success} />
      <input type="hidden" name="eventId" value={eventId} />
      {lotId ? <input type="hidden" name="lotId" value={lotId} /> : null}
      {enhanced ? <LotSteps step={step} errors={errors} onStep={setStep} /> : null}
      {groups}
      <LotStepButtons
        enhanced={enhanced}
        step={step}
        pending={pending}
        submit={submit}
        onBack={() => setStep(step - 1)}
        onNext={next}
      />
    </form>
  );
}
