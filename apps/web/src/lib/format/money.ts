const formatters = new Map<string, Intl.NumberFormat>();

function formatterFor(currency: string, locale: string): Intl.NumberFormat {
  const key = `${locale}|${currency}`;
  let f = formatters.get(key);
  if (!f) {
    // Whole amounts drop the cents ("$12,500"); others keep them ("$12,500.50").
    f = new Intl.NumberFormat(locale, { style: 'currency', currency, trailingZeroDisplay: 'stripIfInteger' });
    formatters.set(key, f);
  }
  return f;
}

/**
 * Formats integer minor units (convention 9: money is never a float until
 * display). The currency's own exponent is used, so 1000 JPY is ¥1,000 and
 * 1000 USD cents is $10.
 */
export function formatMoney(minorUnits: number, currency: string, locale = 'en-US'): string {
  const f = formatterFor(currency, locale);
  return f.format(minorUnits / 10 ** exponentOf(f));
}

const exponentOf = (f: Intl.NumberFormat) => f.resolvedOptions().maximumFractionDigits ?? 2;

/** Digits after the decimal point of the currency's minor unit (USD 2, JPY 0). */
export const currencyExponent = (currency: string): number => exponentOf(formatterFor(currency, 'en-US'));

/**
 * Integer minor units as a plain decimal string in the currency's exponent
 * ("123450" USD → "1234.50", 1000 JPY → "1000"), as schema.org prices are
 * written. Integer arithmetic only: no float rounding.
 */
export function minorUnitsToDecimal(minorUnits: number, currency: string): string {
  const exponent = currencyExponent(currency);
  const sign = minorUnits < 0 ? '-' : '';
  const digits = String(Math.abs(minorUnits)).padStart(exponent + 1, '0');
  if (exponent === 0) return `${sign}${digits}`;
  return `${sign}${digits.slice(0, -exponent)}.${digits.slice(-exponent)}`;
}
