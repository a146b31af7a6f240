import { Marked } from 'marked';

/** GitHub's heading anchors: lower case, punctuation dropped, each space a hyphen. */
export function headingSlug(text: string): string {
  return text
    .trim()
    .toLowerCase()
    .replace(/[^\p{L}\p{N}\s_-]/gu, '')
    .replace(/\s/g, '-');
}

const ENTITIES: Record<string, string> = { '&amp;': '&', '&lt;': '<', '&gt;': '>', '&quot;': '"', '&#39;': "'" };
const textOf = (html: string) =>
  html.replace(/<[^>]*>/g, '').replace(/&(amp|lt|gt|quot|#39);/g, (entity) => ENTITIES[entity] ?? entity);

/** A docs link as the server serves it: `security.md#limits` is `/docs/security#limits`. */
function servedHref(href: string): string {
  const match = /^(?:\.\/)?([a-z0-9-]+)\.md(#.*)?$/.exec(href);
  return match ? `/docs/${match[1]}${match[2] ?? ''}` : href;
}

const escapeHtml = (text: string) => text.replace(/[&<>"']/g, (character) => `&#${character.charCodeAt(0)};`);

/**
 * One page of docs/ as HTML: every heading with GitHub's anchor as its id (so `webhooks.md#unknown-action` and
 * `/docs/webhooks#unknown-action` land on the same section), links between pages pointing at their served
 * address. The Markdown is the product's own, from the repository, never data.
 */
export function renderDocsPage(markdown: string): { title: string; html: string } {
  const seen = new Map<string, number>();
  const marked = new Marked({
    gfm: true,
    renderer: {
      heading(text: string, level: number) {
        const base = headingSlug(textOf(text));
        const count = seen.get(base) ?? 0;
        seen.set(base, count + 1);
        const id = count === 0 ? base : `${base}-${count}`;
        return `<h${level} id="${escapeHtml(id)}"><a href="#${escapeHtml(id)}">${text}</a></h${level}>\n`;
      },
      link(href: string, title: string | null | undefined, text: string) {
        const titleAttribute = title ? ` title="${escapeHtml(title)}"` : '';
        return `<a href="${escapeHtml(servedHref(href))}"${titleAttribute}>${text}</a>`;
      },
    },
  });
  const title = /^# (.+)$/m.exec(markdown)?.[1] ?? 'SignalDeck docs';
  return { title, html: marked.parse(markdown, { async: false }) as string };
}
