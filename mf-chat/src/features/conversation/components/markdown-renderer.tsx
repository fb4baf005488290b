import type { ReactNode } from 'react';
import Markdown, { type Components, type ExtraProps } from 'react-markdown';
import remarkBreaks from 'remark-breaks';
import remarkGfm from 'remark-gfm';
import { htmlAsText, MAX_NESTING, nestingDepth, safeHref } from '../domain/markdown.ts';
import { CopyButton } from './copy-button.tsx';
import styles from './markdown.module.css';

// GFM (tables, strikethrough, autolinks, task lists); a line break in an answer is a break, as models
// mean it; HTML is shown as text.
const REMARK_PLUGINS = [remarkGfm, remarkBreaks, htmlAsText];

/** Links and images keep only web and mail addresses; anything else loses its address. */
const urlTransform = (url: string) => safeHref(url) ?? '';

type HastNode = NonNullable<ExtraProps['node']> | { type: string; value?: string; children?: HastNode[]; properties?: Record<string, unknown> };

function textOf(node: HastNode | undefined): string {
  if (!node) return '';
  if ('value' in node && typeof node.value === 'string') return node.value;
  return 'children' in node && Array.isArray(node.children) ? (node.children as HastNode[]).map(textOf).join('') : '';
}

/** The language named after a code fence, when it looks like one ("js", "c++"), else null. */
function fenceLanguage(pre: HastNode | undefined): string | null {
  const code = pre && 'children' in pre ? (pre.children as HastNode[] | undefined)?.[0] : undefined;
  const classes = code && 'properties' in code ? code.properties?.className : undefined;
  const name = Array.isArray(classes) ? classes.map(String).find((c) => c.startsWith('language-'))?.slice('language-'.length) : undefined;
  return name && /^[\w+#.-]{1,24}$/.test(name) ? name : null;
}

const heading =
  (Tag: 'h3' | 'h4' | 'h5') =>
  ({ children }: { children?: ReactNode }) => <Tag className={styles.heading}>{children}</Tag>;

// Inside a message the headings sit below the page's own (h1 app, h2 sections).
const COMPONENTS: Components = {
  h1: heading('h3'),
  h2: heading('h4'),
  h3: heading('h5'),
  h4: heading('h5'),
  h5: heading('h5'),
  h6: heading('h5'),
  a: ({ href, children }) =>
    href ? (
      <a href={href} target="_blank" rel="noopener noreferrer nofollow">
        {children}
      </a>
    ) : (
      // An unsafe address keeps its label, as text: what the model meant to say is still shown.
      <>{children}</>
    ),
  // An answer never loads a picture from elsewhere: the image is a link to it.
  img: ({ src, alt }) => {
    const href = typeof src === 'string' && src ? src : null;
    const label = alt || href || '';
    return href ? (
      <a href={href} target="_blank" rel="noopener noreferrer nofollow">
        {label}
      </a>
    ) : (
      <>{label}</>
    );
  },
  blockquote: ({ children }) => <blockquote className={styles.quote}>{children}</blockquote>,
  hr: () => <hr className={styles.rule} />,
  code: ({ children }) => <code className={styles.inlineCode}>{children}</code>,
  pre: ({ node }) => <CodeBlock language={fenceLanguage(node)} text={textOf(node).replace(/\n$/, '')} />,
  table: ({ children }) => (
    <div className={styles.tableScroll} tabIndex={0}>
      <table className={styles.table}>{children}</table>
    </div>
  ),
};

/** Keisha's answer as elements, by react-markdown: text stays text, links are checked, no HTML is rendered. */
export default function MarkdownRenderer({ text }: { text: string }) {
  if (nestingDepth(text) > MAX_NESTING) return <p className={styles.plainFallback}>{text}</p>;
  return (
    <div className={styles.markdown}>
      <Markdown remarkPlugins={REMARK_PLUGINS} urlTransform={urlTransform} components={COMPONENTS}>
        {text}
      </Markdown>
    </div>
  );
}

/** A fenced code block with its language and a copy button. */
function CodeBlock({ language, text }: { language: string | null; text: string }) {
  return (
    <figure className={styles.codeBlock}>
      <figcaption className={styles.codeBar}>
        <span className={styles.language}>{language ?? 'code'}</span>
        <CopyButton text={text} label="Copy code" />
      </figcaption>
      <pre className={styles.pre} tabIndex={0}>
        <code>{text}</code>
      </pre>
    </figure>
  );
}
