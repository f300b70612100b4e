/** Spec §2 catalog card: the unique from-to years joined by a dash, or '-' when there are none. */
export function yearText(year: { from: number | null; to: number | null }): string {
  const years = [...new Set([year.from, year.to].filter((y): y is number => y !== null))];
  return years.length > 0 ? years.join('-') : '-';
}
