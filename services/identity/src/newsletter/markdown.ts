// An administrator's issue to HTML for the message: a small Markdown subset (headings, paragraphs, lists,
// bold, italic, code, links; an image becomes a link to it) or plain text. Everything is HTML-escaped first and only our own tags are added,
// so no markup from the issue reaches the message; links only to http(s) and mailto.
import { escapeHtml } from '../mail/templates.ts';
import type { NewsletterFormat } from '@keisha/contracts/identity';

const P = 'margin:0 0 12px';
const HEADING_SIZES = ['20px', '18px', '16px'] as const;

function inline(source: string): string {
  const codes: string[] = [];
  let html = escapeHtml(source).replace(/`([^`\n]+)`/g, (_, code: string) => {
    codes.push(`<code style="font-family:monospace;background:#f0f0ee;padding:0 3px">${code}</code>`);
    return `\u0000${codes.length - 1}\u0000`;
  });
  html = html
    // An image is sent as a link to it, named by its alt text: no remote image is loaded from a reader's inbox
    // (many clients block them, and a remote image tells its server who opened the mail).
    .replace(/!\[([^\]\n]*)\]\((https?:\/\/[^\s()]+)\)/g, (_, alt: string, url: string) => `<a href="${url}" style="color:#1f1f1f">${alt.trim() ? `Image: ${alt.trim()}` : 'Image'}</a>`)
    .replace(/\[([^\]\n]+)\]\(((?:https?:\/\/|mailto:)[^\s()]+)\)/g, (_, text: string, url: string) => `<a href="${url}" style="color:#1f1f1f">${text}</a>`)
    .replace(/\*\*([^*\n]+)\*\*/g, '<strong>$1</strong>')
    .replace(/(^|[^*\w])\*([^*\n]+)\*(?!\w)/g, '$1<em>$2</em>')
    .replace(/(^|[^\w])_([^_\n]+)_(?!\w)/g, '$1<em>$2</em>');
  return html.replace(/\u0000(\d+)\u0000/g, (_, index: string) => codes[Number(index)]!);
}

function blocks(source: string): string[] {
  return source
    .replace(/\r\n?/g, '\n')
    .split(/\n[ \t]*\n/)
    .map((block) => block.replace(/^\n+|\s+$/g, ''))
    .filter((block) => block.trim().length > 0);
}

function markdownBlock(block: string): string {
  const lines = block.split('\n');
  const heading = /^(#{1,3})\s+(.+)$/.exec(block);
  if (heading && lines.length === 1) {
    const level = heading[1]!.length;
    return `<h${level + 1} style="font-size:${HEADING_SIZES[level - 1]};margin:16px 0 8px">${inline(heading[2]!.trim())}</h${level + 1}>`;
  }
  if (lines.every((line) => /^\s*[-*]\s+/.test(line))) {
    return `<ul style="${P};padding-left:20px">${lines.map((line) => `<li>${inline(line.replace(/^\s*[-*]\s+/, ''))}</li>`).join('')}</ul>`;
  }
  if (lines.every((line) => /^\s*\d+[.)]\s+/.test(line))) {
    return `<ol style="${P};padding-left:20px">${lines.map((line) => `<li>${inline(line.replace(/^\s*\d+[.)]\s+/, ''))}</li>`).join('')}</ol>`;
  }
  return `<p style="${P}">${lines.map((line) => inline(line.trim())).join('<br />')}</p>`;
}

/** The issue's body as HTML for the message (escaped, our tags only). */
export function issueHtml(body: string, format: NewsletterFormat): string {
  if (format === 'text') return blocks(body).map((block) => `<p style="${P}">${block.split('\n').map(escapeHtml).join('<br />')}</p>`).join('\n');
  return blocks(body).map(markdownBlock).join('\n');
}
