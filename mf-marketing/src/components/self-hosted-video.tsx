import { useEffect, useId, useRef, useState, type ReactNode, type RefObject } from 'react';
import styles from './self-hosted-video.module.css';

export interface TranscriptLine {
  text: string;
}

export interface SelfHostedVideoProps {
  /** Names the video for screen readers. */
  title: string;
  webm: string;
  mp4: string;
  poster: string;
  /** WebVTT captions in English. */
  captions: string;
  transcript: TranscriptLine[];
  caption: ReactNode;
  width: number;
  height: number;
}

/**
 * The player is created only when the video comes near the screen: both landing videos sit far below the fold,
 * and their posters and the browser's media controls (a sizeable tree to lay out and paint) would otherwise
 * compete with the page's first paint.
 */
function useNearViewport<T extends Element>(): [RefObject<T | null>, boolean] {
  const ref = useRef<T>(null);
  // A browser without IntersectionObserver shows the poster at once; the build-time prerender (no window)
  // leaves it out, like a browser that has not scrolled there yet.
  const [near, setNear] = useState(() => typeof window !== 'undefined' && typeof IntersectionObserver === 'undefined');
  useEffect(() => {
    const element = ref.current;
    if (near || !element) return;
    const observer = new IntersectionObserver((entries) => {
      if (entries.some((entry) => entry.isIntersecting)) {
        setNear(true);
        observer.disconnect();
      }
    }, { rootMargin: '600px 0px' });
    observer.observe(element);
    return () => observer.disconnect();
  }, [near]);
  return [ref, near];
}

/**
 * A silent video served from this site (no third-party player): its place held until it nears the screen, then
 * a poster until played and nothing else downloaded before that, English captions on by default, the transcript
 * under it from the start.
 */
export function SelfHostedVideo({ title, webm, mp4, poster, captions, transcript, caption, width, height }: SelfHostedVideoProps) {
  const transcriptId = useId();
  const [placeholderRef, nearViewport] = useNearViewport<HTMLDivElement>();
  return (
    <figure className={styles.figure}>
      {nearViewport ? (
        <video
          className={styles.video}
          controls
          muted
          playsInline
          preload="none"
          poster={poster}
          // The files come from this remote's own origin: captions load cross-origin only with CORS.
          crossOrigin="anonymous"
          width={width}
          height={height}
          aria-label={title}
          aria-describedby={transcriptId}
        >
          <source src={webm} type="video/webm" />
          <source src={mp4} type="video/mp4" />
          <track kind="captions" src={captions} srcLang="en" label="English" default />
        </video>
      ) : (
        // Holds the player's place (same box, so nothing moves when it arrives).
        <div ref={placeholderRef} className={styles.video} aria-hidden="true" data-video-placeholder="" />
      )}
      <figcaption className={styles.caption}>
        {caption}
        <details className={styles.transcript}>
          <summary className={styles.summary}>Read the transcript</summary>
          <ol id={transcriptId} className={styles.lines}>
            {transcript.map((line) => (
              <li key={line.text}>{line.text}</li>
            ))}
          </ol>
        </details>
      </figcaption>
    </figure>
  );
}
