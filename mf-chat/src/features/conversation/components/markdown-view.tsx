import { lazy, Suspense } from 'react';
import styles from './markdown.module.css';

/**
 * The markdown library is the larger part of the chat's code, so it is a chunk of its own: the chat
 * starts without it, fetches it as soon as a conversation is on screen (`preloadMarkdown`), and
 * shows an answer as plain text for the moment before it arrives.
 */
export const preloadMarkdown = () => import('./markdown-renderer.tsx');

const MarkdownRenderer = lazy(preloadMarkdown);

/** Keisha's answer: markdown rendered by react-markdown, never as HTML. */
export function MarkdownView({ text }: { text: string }) {
  return (
    <Suspense fallback={<p className={styles.plainFallback}>{text}</p>}>
      <MarkdownRenderer text={text} />
    </Suspense>
  );
}
