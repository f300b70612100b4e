/**
 * Structured data for search engines (schema.org as JSON-LD). The JSON is
 * written into the HTML, so `<` is escaped: a name such as `</script>` in a
 * lot title cannot end the script element early.
 */
export function serializeJsonLd(data: Record<string, unknown>): string {
  return JSON.stringify({ '@context': 'https://schema.org', ...data }).replace(/</g, '\\u003c');
}

export function JsonLd({ data }: { data: Record<string, unknown> }) {
  // biome-ignore lint/security/noDangerouslySetInnerHtml: escaped JSON above; React would escape quotes and break it
  return <script type="application/ld+json" dangerouslySetInnerHTML={{ __html: serializeJsonLd(data) }} />;
}
