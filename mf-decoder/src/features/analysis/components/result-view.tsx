import type { ReactNode, Ref } from 'react';
import { sectionStyles as section } from '@keisha/ui';
import type { AnalysisResult } from '../domain/analysis-result.ts';
import { RESULT_TITLES, summaryParagraphs } from '../domain/findings.ts';
import { AnalystSummary } from './analyst-summary.tsx';
import { EuphemismList } from './euphemism-list.tsx';
import { ExportButton } from './export-button.tsx';
import { HighlightedText } from './highlighted-text.tsx';
import { ScoreDial } from './score-dial.tsx';
import { ScoreEvidence } from './score-evidence.tsx';
import { TextTabs } from './text-tabs.tsx';
import styles from './result.module.css';

export interface ResultViewProps {
  result: AnalysisResult;
  /** The 'Analysis Complete' heading, which takes the focus when the run leaves it nowhere. */
  headingRef?: Ref<HTMLHeadingElement>;
  onExport?: () => void;
  /** The app's section for `result.advanced` (features/advanced-detection), below the article's versions. */
  renderAdvanced?: (result: AnalysisResult) => ReactNode;
}

/** Spec section 2: the result of an analysis, with the export and highlights of issue 4. */
export function ResultView({ result, headingRef, onExport, renderAdvanced }: ResultViewProps) {
  return (
    <div className={styles.result}>
      <div className={styles.overview}>
        <ScoreDial score={result.score} />
        <div className={styles.overviewText}>
          <h3 ref={headingRef} className={styles.completeTitle} tabIndex={-1}>
            Analysis Complete
          </h3>
          <p className={section.muted}>
            {result.terms.length === 0
              ? 'No coded terms were flagged in this article.'
              : `${result.terms.length} ${result.terms.length === 1 ? 'term' : 'terms'} flagged. Hover over or focus a highlight in the text to read why.`}
          </p>
          <ScoreEvidence evidence={result.evidence} score={result.score} />
          {result.notes.map((note, index) => (
            <p key={index} className={styles.note} role="note">
              {note}
            </p>
          ))}
          <ExportButton result={result} {...(onExport ? { onExport } : {})} />
        </div>
      </div>

      <TextTabs
        label="Article versions"
        tabs={[
          { id: 'original', label: RESULT_TITLES.original, content: <HighlightedText text={result.text} terms={result.terms} /> },
          { id: 'translation', label: RESULT_TITLES.translation, content: <Translation text={result.translation} /> },
        ]}
      />

      {renderAdvanced?.(result)}
      <EuphemismList terms={result.terms} />
      <AnalystSummary summary={result.summary} />
    </div>
  );
}

function Translation({ text }: { text: string }) {
  const paragraphs = summaryParagraphs(text);
  if (paragraphs.length === 0) return <p className={section.muted}>No translation was returned for this article.</p>;
  return (
    <div className={styles.translation}>
      {paragraphs.map((paragraph, index) => (
        <p key={index}>{paragraph}</p>
      ))}
    </div>
  );
}
