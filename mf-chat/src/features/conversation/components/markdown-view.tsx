import { Fragment, useMemo, type ReactNode } from 'react';
import { parseMarkdown, type Block, type Inline } from '../domain/markdown.ts';
import { CopyButton } from './copy-button.tsx';
import styles from './markdown.module.css';

/**
 * Keisha's answer, from our own markdown reader to React elements. Every piece of text is a text
 * node and every link is checked (web and mail only): nothing in an answer is ever run or parsed as HTML.
 */
export function MarkdownView({ text }: { text: string }) {
  const blocks = useMemo(() => parseMarkdown(text), [text]);
  return <div className={styles.markdown}>{renderBlocks(blocks)}</div>;
}

function renderBlocks(blocks: Block[]): ReactNode[] {
  return blocks.map((block, index) => <Fragment key={index}>{renderBlock(block)}</Fragment>);
}

function renderBlock(block: Block): ReactNode {
  switch (block.type) {
    case 'paragraph':
      return <p>{renderInlines(block.children)}</p>;
    case 'heading': {
      // Inside a message the headings sit below the page's own (h1 app, h2 sections).
      const Tag = (['h3', 'h4', 'h5'] as const)[block.level - 1]!;
      return <Tag className={styles.heading}>{renderInlines(block.children)}</Tag>;
    }
    case 'list': {
      const items = block.items.map((item, index) => <li key={index}>{renderBlocks(item)}</li>);
      return block.ordered ? <ol start={block.start}>{items}</ol> : <ul>{items}</ul>;
    }
    case 'quote':
      return <blockquote className={styles.quote}>{renderBlocks(block.children)}</blockquote>;
    case 'rule':
      return <hr className={styles.rule} />;
    case 'code':
      return <CodeBlock language={block.language} text={block.text} />;
  }
}

function renderInlines(nodes: Inline[]): ReactNode[] {
  return nodes.map((node, index) => {
    switch (node.type) {
      case 'text':
        return <Fragment key={index}>{node.text}</Fragment>;
      case 'break':
        return <br key={index} />;
      case 'strong':
        return <strong key={index}>{renderInlines(node.children)}</strong>;
      case 'em':
        return <em key={index}>{renderInlines(node.children)}</em>;
      case 'code':
        return (
          <code key={index} className={styles.inlineCode}>
            {node.text}
          </code>
        );
      case 'link':
        return (
          <a key={index} href={node.href} target="_blank" rel="noopener noreferrer nofollow">
            {renderInlines(node.children)}
          </a>
        );
    }
  });
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
