import buttons from './button.module.css';

export interface LoadProblemProps {
  /** What could not be loaded, as a sentence. */
  message: string;
  onRetry: () => void;
  /** The remote's type and colour for the line. */
  className?: string;
  retryLabel?: string;
}

/** A line saying something could not be loaded, with a link-like button that asks again. */
export function LoadProblem({ message, onRetry, className, retryLabel = 'Try Again' }: LoadProblemProps) {
  return (
    <p className={className} role="alert">
      {message}{' '}
      <button type="button" className={buttons.link} onClick={onRetry}>
        {retryLabel}
      </button>
    </p>
  );
}
