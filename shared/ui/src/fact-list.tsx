import type { ReactNode } from 'react';
import styles from './fact-list.module.css';

/** One row of a FactList; false or null leaves the row out. */
export type Fact = { label: ReactNode; value: ReactNode } | false | null | undefined;

export interface FactListProps {
  facts: readonly Fact[];
  /** The remote's own class, for the list's custom properties (--k-facts-gap, --k-facts-wrap, --k-facts-value-align). */
  className?: string;
}

/** A definition list of labelled facts, one row each (see fact-list.module.css). */
export function FactList({ facts, className }: FactListProps) {
  return (
    <dl className={className ? `${styles.facts} ${className}` : styles.facts}>
      {facts.map((fact, index) =>
        fact ? (
          <div key={index}>
            <dt>{fact.label}</dt>
            <dd>{fact.value}</dd>
          </div>
        ) : null,
      )}
    </dl>
  );
}
