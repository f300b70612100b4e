import 'server-only';
import { lexer, type Token, type Tokens } from 'marked';
import { Fragment, type ReactNode } from 'react';

/**
 * Markdown written by staff (the Terms of Use, decision 0084), rendered on the
 * server as React elements from marked's tokens. Nothing is ever injected as
 * HTML: raw HTML in the text shows as text, images show their description, and
 * a link keeps its address only when it is a path on this site, an anchor,
 * http(s) or mailto; anything else (javascript:, data:) becomes plain text.
 */

/** A heading written `## Title {#anchor}` gets that id: the page's contents link to it. */
const ANCHOR = /\s*\{#([a-z0-9][a-z0-9-]{0,60})\}\s*$/i;

export function headingParts(text: string): { title: string; id: string | undefined } {
  const match = ANCHOR.exec(text);
  return match ? { title: text.slice(0, match.index), id: match[1]?.toLowerCase() } : { title: text, id: undefined };
}

const SAFE_HREF = /^(?:https?:\/\/|mailto:|\/(?!\/)|#)/i;
export const safeHref = (href: string): string | undefined => (SAFE_HREF.test(href.trim()) ? href.trim() : undefined);

function inline(tokens: Token[] | undefined, keyPrefix: string): ReactNode[] {
  return (tokens ?? []).map((token, i) => {
    const key = `${keyPrefix}.${i}`;
    switch (token.type) {
      case 'strong':
        return <strong key={key}>{inline((token as Tokens.Strong).tokens, key)}</strong>;
      case 'em':
        return <em key={key}>{inline((token as Tokens.Em).tokens, key)}</em>;
      case 'del':
        return <del key={key}>{inline((token as Tokens.Del).tokens, key)}</del>;
      case 'codespan':
        return <code key={key}>{(token as Tokens.Codespan).text}</code>;
      case 'br':
        return <br key={key} />;
      case 'link': {
        const link = token as Tokens.Link;
        const href = safeHref(link.href);
        const children = inline(link.tokens, key);
        return href ? (
          <a key={key} href={href}>
            {children}
          </a>
        ) : (
          <span key={key}>{children}</span>
        );
      }
      case 'image':
        return <span key={key}>{(token as Tokens.Image).text}</span>;
      case 'text': {
        const text = token as Tokens.Text;
        return text.tokens ? <Fragment key={key}>{inline(text.tokens, key)}</Fragment> : decode(text.text);
      }
      case 'escape':
        return (token as Tokens.Escape).text;
      default:
        // Raw HTML and anything else: its source, as text.
        return token.raw;
    }
  });
}

/** marked escapes `&<>"'` in text tokens for HTML output; React escapes on its own, so they are undone. */
function decode(text: string): string {
  return text
    .replaceAll('&lt;', '<')
    .replaceAll('&gt;', '>')
    .replaceAll('&quot;', '"')
    .replaceAll('&#39;', "'")
    .replaceAll('&amp;', '&');
}

function block(token: Token, key: string, headingClass?: string): ReactNode {
  switch (token.type) {
    case 'heading': {
      const heading = token as Tokens.Heading;
      const { id } = headingParts(heading.text);
      const tokens = [...(heading.tokens ?? [])];
      const last = tokens.at(-1);
      if (id && last && last.type === 'text')
        tokens[tokens.length - 1] = { ...last, text: headingParts(last.text).title, tokens: undefined } as Token;
      const Tag = `h${Math.min(6, Math.max(2, heading.depth))}` as 'h2';
      return (
        <Tag key={key} id={id} className={headingClass}>
          {inline(tokens, key)}
        </Tag>
      );
    }
    case 'paragraph':
      return <p key={key}>{inline((token as Tokens.Paragraph).tokens, key)}</p>;
    case 'list': {
      const list = token as Tokens.List;
      const items = list.items.map((item, i) => (
        // biome-ignore lint/suspicious/noArrayIndexKey: a rendered document never reorders; the position is the item.
        <li key={`${key}.${i}`}>{item.tokens.map((child, j) => itemChild(child, `${key}.${i}.${j}`))}</li>
      ));
      return list.ordered ? <ol key={key}>{items}</ol> : <ul key={key}>{items}</ul>;
    }
    case 'blockquote':
      return (
        <blockquote key={key}>{(token as Tokens.Blockquote).tokens.map((t, i) => block(t, `${key}.${i}`))}</blockquote>
      );
    case 'code':
      return (
        <pre key={key}>
          <code>{(token as Tokens.Code).text}</code>
        </pre>
      );
    case 'hr':
      return <hr key={key} />;
    case 'space':
      return null;
    default:
      // Raw HTML blocks, tables and the rest: their source, as text.
      return <p key={key}>{token.raw}</p>;
  }
}

/** A list item's own text is a bare text token (tight list) or paragraphs (loose list). */
function itemChild(token: Token, key: string): ReactNode {
  if (token.type === 'text') {
    const text = token as Tokens.Text;
    return text.tokens ? <Fragment key={key}>{inline(text.tokens, key)}</Fragment> : decode(text.text);
  }
  return block(token, key);
}

/** The document's blocks, in order. */
export function markdownBlocks(markdown: string): Token[] {
  return lexer(markdown, { gfm: true });
}

/** One block as React (a heading gets `headingClass`). */
export function MarkdownBlock({ token, id, headingClass }: { token: Token; id: string; headingClass?: string }) {
  return block(token, id, headingClass);
}

/** Several blocks in order; `keyPrefix` keeps their keys apart from the page's other blocks. */
export function MarkdownBlocks({ tokens, keyPrefix }: { tokens: Token[]; keyPrefix: string }) {
  return <>{tokens.map((token, i) => block(token, `${keyPrefix}.${i}`))}</>;
}

/** A whole Markdown document as React. */
export function Markdown({ markdown }: { markdown: string }) {
  return <>{markdownBlocks(markdown).map((token, i) => block(token, `b${i}`))}</>;
}
