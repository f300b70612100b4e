import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it, vi } from 'vitest';

vi.mock('server-only', () => ({}));
const { Markdown, headingParts } = await import('./markdown');

const html = (markdown: string) => renderToStaticMarkup(<Markdown markdown={markdown} />);

describe('staff Markdown', () => {
  it('renders headings with their anchors, paragraphs, lists, emphasis and safe links', () => {
    expect(
      html(
        '## 10. Liability {#liability}\n\nWe are **not** liable for *that*.\n\n- one\n- two [terms](/marketplace/legal/terms-of-use)',
      ),
    ).toBe(
      '<h2 id="liability">10. Liability</h2><p>We are <strong>not</strong> liable for <em>that</em>.</p><ul><li>one</li><li>two <a href="/marketplace/legal/terms-of-use">terms</a></li></ul>',
    );
    expect(headingParts('Title {#Some-Id}')).toEqual({ title: 'Title', id: 'some-id' });
  });

  it('never renders raw HTML or an unsafe link as markup', () => {
    const out = html(
      '<script>alert(1)</script>\n\nHi <img src=x onerror=alert(1)> [x](javascript:alert(1)) ![p](http://x/y.png)',
    );
    expect(out).not.toMatch(/<script|<img|href="javascript/i);
    expect(out).toContain('&lt;script&gt;alert(1)&lt;/script&gt;');
    expect(out).toContain('&lt;img src=x onerror=alert(1)&gt;');
    expect(out).toContain('<span>x</span>');
  });

  it('shows the characters marked escapes as they were typed', () => {
    expect(html('Fees & taxes < 5% "quoted" it’s')).toBe('<p>Fees &amp; taxes &lt; 5% &quot;quoted&quot; it’s</p>');
  });
});
