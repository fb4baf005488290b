import type { ReactNode } from 'react';

export interface TitledSectionProps {
  /** The heading's level: a page's one h1 (a card) or a part of a page (h2). */
  level: 1 | 2;
  /** The heading's id: the section is named by it. */
  headingId: string;
  title: string;
  /** A line about the section, under its heading. */
  lead?: ReactNode;
  /** The classes of the section, its heading and its lead. */
  classes: { section: string | undefined; title: string | undefined; lead: string | undefined };
  children?: ReactNode;
}

/** A section named by its heading, with an optional lead sentence, then its content: the cards and the account page's parts. */
export function TitledSection({ level, headingId, title, lead, classes, children }: TitledSectionProps) {
  const Heading = level === 1 ? 'h1' : 'h2';
  return (
    <section className={classes.section} aria-labelledby={headingId}>
      <Heading id={headingId} className={classes.title}>
        {title}
      </Heading>
      {lead && <p className={classes.lead}>{lead}</p>}
      {children}
    </section>
  );
}
