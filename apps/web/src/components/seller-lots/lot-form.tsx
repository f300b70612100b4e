'use client';

import { LOT_TYPES, MARKET_DEMANDS, PACKAGING_TYPES, PARTIES, SHIPPING_OPTIONS } from '@lotline/contracts/enums';
import { useActionState } from 'react';
import { emptyForm } from '../../lib/auth/form-state';
import { saveLotAction } from '../../lib/seller-lots/actions';
import { FormMessages } from '../forms/form-messages';
import forms from '../forms/forms.module.css';
import { SubmitButton } from '../forms/submit-button';
import { LotCheckbox, type LotFieldProps, LotInput, LotSelect } from './lot-fields';
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
  const p = (name: string, label: string, hint?: string): LotFieldProps => ({
    name,
    label,
    values,
    errors: state.fieldErrors,
    locks,
    ...(hint ? { hint } : {}),
  });
  const money = (name: string, label: string) => <LotInput {...p(name, label, MONEY_HINT)} inputMode="decimal" />;
  const parties = PARTIES.map((v) => [v, v] as [string, string]);
  return (
    <form action={action} className={forms.form} noValidate>
      <FormMessages error={state.error ?? locks.lot} success={state.success} />
      <input type="hidden" name="eventId" value={eventId} />
      {lotId ? <input type="hidden" name="lotId" value={lotId} /> : null}
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
          <div className={forms.field}>
            <label htmlFor="lot-description" className={forms.label}>
              Description
            </label>
            <textarea
              id="lot-description"
              name="description"
              rows={5}
              className={forms.input}
              defaultValue={values.description ?? ''}
            />
          </div>
        </fieldset>
        <fieldset className={forms.fieldset}>
          <legend>Prices</legend>
          <div className={styles.grid}>
            {money('startingBid', 'Starting bid')}
            {money('reserveBid', 'Reserve')}
            {money('buyItNowPrice', 'Buy-it-now price')}
          </div>
          <LotCheckbox name="bestOfferEnabled" label="Accept best offers (buy-it-now items)" values={values} />
        </fieldset>
        <fieldset className={forms.fieldset}>
          <legend>Logistics</legend>
          <LotCheckbox name="managedShipping" label="Managed shipping" values={values} />
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
            {SHIPPING_OPTIONS.map((o) => (
              <LotCheckbox key={o} name={o} label={o.replaceAll('_', ' ')} values={values} />
            ))}
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
      <SubmitButton pendingLabel="Saving…">{lotId ? 'Save lot' : 'Add the lot'}</SubmitButton>
    </form>
  );
}
