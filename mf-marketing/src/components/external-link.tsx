import type { ReactNode } from 'react';

export interface ExternalLinkProps {
  href: string;
  className?: string;
  children: ReactNode;
}

/**
 * A link to another site: a new tab that cannot reach back into this page (rel="noopener noreferrer"), and
 * says so to screen readers.
 */
export function ExternalLink({ href, className, children }: ExternalLinkProps) {
  return (
    <a href={href} className={className} target="_blank" rel="noopener noreferrer">
      {children}
      <span className="k-visually-hidden"> (opens in a new tab)</span>
    </a>
  );
}
