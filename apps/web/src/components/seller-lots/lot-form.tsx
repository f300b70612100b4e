'use client';

import { LOT_TYPES, MARKET_DEMANDS, PACKAGING_TYPES, PARTIES, SHIPPING_OPTIONS } from '@lotline/contracts/enums';
import { useActionState } from 'react';
import { emptyForm } from '../../lib/auth/form-state';
import { saveLotAction } from '../../lib/seller-lots/actions';
import { FieldError } from '../forms/field';
import { FormMessages } from '../forms/form-messages';
import forms from '../forms/forms.module.css';
import { SubmitButton } from '../forms/submit-button';
import { formErrorOf, LotCheckbox, type LotFieldProps, LotInput, LotSelect, LotTextArea } from './lot-fields';
import styles from './seller-lots.module.css';

const MONEY_HINT = 'In dollars, e.g. 1250.50; leave empty for none.';

/**
 * The one lot form (issue 16; decision 0050), new or existing, grouped: the
 * lot, prices, logistics, values. Field errors from the API appear beside
 * each field; a field locked after publishing is disabled with the reason.
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
  const values = Object.keys(state.values).length > 0 ? state.values : initial;
  // Every field a control shows; any other field error goes to the form's error.
  const controls = new Set<string>(['shippingOptions']);
  const p = (name: string, label: string, hint?: string): LotFieldProps => {
    controls.add(name);
    return {
      name,
      label,
      values,
      errors: state.fieldErrors,
      locks,
      ...(hint ? { hint } : {}),
    };
  };
  const box = (name: string, label: string, key?: string) => {
    controls.add(name);
    return <LotCheckbox key={key} name={name} label={label} values={values} errors={state.fieldErrors} />;
  };
  const money = (name: string, label: string) => <LotInput {...p(name, label, MONEY_HINT)} inputMode="decimal" />;
  const parties = PARTIES.map((v) => [v, v] as [string, string]);
  // Built before the messages so `controls` is complete when they are worked out.
  const groups = (
    <div className={styles.groups}>
      <fieldset className={forms.fieldset}>
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
      <fieldset className={forms.fieldset}>
        <legend>Prices</legend>
        <div className={styles.grid}>
          {money('startingBid', 'Starting bid')}
          {money('reserveBid', 'Reserve')}
          {money('buyItNowPrice', 'Buy-it-now price')}
        </div>
        {box('bestOfferEnabled', 'Accept best offers (buy-it-now items)')}
      </fieldset>
      <fieldset className={forms.fieldset}>
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
          <FieldError id="lot-shippingOptions" error={state.fieldErrors.shippingOptions} />
        </fieldset>
      </fieldset>
      <fieldset className={forms.fieldset}>
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
  return (
    <form action={action} className={forms.form} noValidate>
      <FormMessages
        error={formErrorOf(state.error ?? locks.lot, state.fieldErrors, controls)}
        success={state.success}
      />
      <input type="hidden" name="eventId" value={eventId} />
      {lotId ? <input type="hidden" name="lotId" value={lotId} /> : null}
      {groups}
      <SubmitButton pendingLabel="Saving…">{lotId ? 'Save lot' : 'Add the lot'}</SubmitButton>
    </form>
  );
}
