import { type APIRequestContext, expect } from '@playwright/test';
import { Window } from 'happy-dom';

/**
 * A page's server-rendered HTML, fetched and parsed without a browser (decision 0058): what a crawler or a link
 * preview reads (title, meta tags, canonical link, JSON-LD) is in the HTML the server sends, so a test of it needs
 * no page, no hydration and no phone run. The parser runs no script and loads no file.
 *
 *   const html = await renderedHtml(request, '/marketplace/lots');
 *   expect(html.title).toBe('Browse lots | Lotline');
 */
export async function renderedHtml(request: APIRequestContext, path: string, status = 200): Promise<Document> {
  const res = await request.get(path, { maxRedirects: 0 });
  expect(res.status(), `GET ${path}`).toBe(status);
  expect(res.headers()['content-type']).toMatch(/^text\/html/);
  return parseHtml(await res.text());
}

export function parseHtml(html: string): Document {
  const window = new Window({
    settings: {
      disableJavaScriptEvaluation: true,
      disableJavaScriptFileLoading: true,
      disableCSSFileLoading: true,
      disableIframePageLoading: true,
    },
  });
  const document = new window.DOMParser().parseFromString(html, 'text/html') as unknown as Document;
  // Closed at once: the parsed document stays readable, and no timer or loader is left behind.
  void window.happyDOM.close();
  return document;
}

/** An attribute of the first element the selector finds; the test fails if there is none. */
export function attributeOf(document: Document, selector: string, name: string): string {
  const element = document.querySelector(selector);
  expect(element, `an element ${selector}`).not.toBeNull();
  return element?.getAttribute(name) ?? '';
}

/** Every JSON-LD block of the page, parsed (a block that is not valid JSON fails the test). */
export function jsonLdBlocks(document: Document): Record<string, unknown>[] {
  return [...document.querySelectorAll('script[type="application/ld+json"]')].map(
    (script) => JSON.parse(script.textContent ?? '') as Record<string, unknown>,
  );
}

export function jsonLdOfType(document: Document, type: string): Record<string, unknown> {
  const block = jsonLdBlocks(document).find((b) => b['@type'] === type);
  expect(block, `a JSON-LD block of @type ${type}`).toBeDefined();
  expect(block?.['@context']).toBe('https://schema.org');
  return block as Record<string, unknown>;
}

/** The page's canonical link, meta description and Open Graph title and URL, which every indexed page has. */
export function expectSeoBasics(document: Document, canonicalPath: string): void {
  const canonical = attributeOf(document, 'link[rel="canonical"]', 'href');
  expect(new URL(canonical).pathname + new URL(canonical).search).toBe(canonicalPath);
  expect(attributeOf(document, 'meta[name="description"]', 'content')).toMatch(/\S{10,}/);
  expect(attributeOf(document, 'meta[property="og:title"]', 'content')).toMatch(/\S/);
  expect(attributeOf(document, 'meta[property="og:url"]', 'content')).toBe(canonical);
}
