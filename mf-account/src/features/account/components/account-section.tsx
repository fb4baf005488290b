import type { ReactNode } from 'react';
import { TitledSection } from '../../../components/titled-section.tsx';
import styles from './account-page.module.css';

const classes = { section: styles.section, title: styles.sectionTitle, lead: styles.sectionLead };

/** One titled part of the account page: its h2 (which names the section), an optional line about it, and its content. */
export function AccountSection({ headingId, title, lead, children }: { headingId: string; title: string; lead?: ReactNode; children: ReactNode }) {
  return (
    <TitledSection level={2} headingId={headingId} title={title} lead={lead} classes={classes}>
      {children}
    </TitledSection>
  );
}
