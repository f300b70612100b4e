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
  const exponent = f.resolvedOptions().maximumFractionDigits ?? 2;
  return f.format(minorUnits / 10 ** exponent);
}
