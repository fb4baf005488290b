import { useState } from 'react';
import type { AdvancedDetection as Detection, AdvancedPart, AdvancedTeaser, SourceType } from '@keisha/contracts/decoder';
import { sectionStyles as section } from '@keisha/ui';
import { scoreBandClass } from '../../../lib/score-band.ts';
import { mostLoaded, readAdvanced, SOURCE_TYPES } from '../domain/read-advanced.ts';
import styles from './advanced-detection.module.css';

/** The parts of advanced detection as a reader is told about them (the teaser names them too). */
const PART_NAMES: Record<AdvancedPart, string> = {
  sentence_strip: 'Sentence-by-sentence bias strip: where in the article the loaded wording sits',
  agency: 'Agency-hiding: passive clauses that do not say who acted',
  sourcing: 'Sourcing balance: who is quoted, and how each source is described',
  second_opinion: 'A second opinion from the language model',
};

const SOURCE_NAMES: Record<SourceType, string> = {
  official: 'Officials and police',
  community: 'Residents and community',
  expert: 'Experts',
  unnamed: 'Unnamed sources',
  other: 'Others',
};


interface AdvancedDetectionProps {
  /** The article the analysis was made for: the offsets point into it. */
  text: string;
  /** `analysis.advanced` of the answer, as it came. */
  advanced: unknown;
}

/** Monthly and Annual's advanced detection (issue 28, item 1), or for other readers what it would add. */
export function AdvancedDetection({ text, advanced }: AdvancedDetectionProps) {
  const view = readAdvanced(text, advanced);
  if (view.kind === 'none') return null;
  if (view.kind === 'teaser') return <Teaser teaser={view.teaser} />;
  return (
    <section className={styles.advanced} aria-labelledby="advanced-detection-title">
      <h3 id="advanced-detection-title" className={styles.title}>
        Advanced detection
      </h3>
      <SentenceStrip text={text} detection={view.detection} />
      <Agency text={text} detection={view.detection} />
      <Sourcing detection={view.detection} />
      <SecondOpinion detection={view.detection} />
    </section>
  );
}

function Teaser({ teaser }: { teaser: AdvancedTeaser }) {
  return (
    <section className={`${styles.advanced} ${styles.locked}`} aria-labelledby="advanced-detection-title">
      <h3 id="advanced-detection-title" className={styles.title}>
        <span aria-hidden="true">🔒 </span>Advanced detection
      </h3>
      <p className={`${section.muted} ${styles.line}`}>Monthly and Annual plans add to every analysis:</p>
      <ul className={styles.partList}>
        {teaser.parts.map((part) => (
          <li key={part}>{PART_NAMES[part]}</li>
        ))}
      </ul>
      <a className={styles.upgrade} href={teaser.upgrade_path}>
        Upgrade to see it
      </a>
    </section>
  );
}

function SentenceStrip({ text, detection }: { text: string; detection: Detection }) {
  const [chosen, setChosen] = useState<number | null>(null);
  const sentences = detection.sentences;
  if (sentences.length === 0) return null;
  const top = mostLoaded(sentences, 3);
  const shown = chosen === null ? null : sentences[chosen];
  return (
    <section className={styles.part} aria-labelledby="advanced-strip-title">
      <h4 id="advanced-strip-title" className={styles.partTitle}>
        Sentence by sentence
      </h4>
      <p className={`${section.muted} ${styles.line}`}>
        Each sentence scored on its own, in the article’s order
        {detection.sentences_total > sentences.length ? ` (the first ${sentences.length} of ${detection.sentences_total})` : ''}. Choose one to read it.
      </p>
      <div className={styles.strip} role="group" aria-label="Bias of each sentence">
        {sentences.map((s, index) => (
          <button
            key={index}
            type="button"
            className={`${styles.segment} ${scoreBandClass(s.score)}`}
            style={{ flexGrow: Math.max(1, s.end - s.start) }}
            aria-label={`Sentence ${index + 1}: score ${s.score}`}
            aria-pressed={chosen === index}
            onClick={() => setChosen(chosen === index ? null : index)}
          />
        ))}
      </div>
      {shown && (
        <p className={styles.chosen} aria-live="polite">
          <strong>Sentence {chosen! + 1}, score {shown.score}:</strong> {text.slice(shown.start, shown.end)}
        </p>
      )}
      <ol className={styles.topList} aria-label="Most loaded sentences">
        {top.map((s) => (
          <li key={s.index}>
            <span className={`${styles.scoreChip} ${scoreBandClass(s.score)}`}>{s.score}</span> {text.slice(s.start, s.end)}
          </li>
        ))}
      </ol>
    </section>
  );
}

function Agency({ text, detection }: { text: string; detection: Detection }) {
  const { agency } = detection;
  const hidden = agency.clauses.filter((c) => !c.agent_named);
  return (
    <section className={styles.part} aria-labelledby="advanced-agency-title">
      <h4 id="advanced-agency-title" className={styles.partTitle}>
        Agency-hiding
      </h4>
      <p className={`${section.muted} ${styles.line}`}>
        {agency.passives === 0
          ? 'No passive clauses: the article says who did what.'
          : `${agency.passives} passive ${agency.passives === 1 ? 'clause' : 'clauses'}; ${agency.agentless} ${agency.agentless === 1 ? 'does' : 'do'} not say who acted, ${agency.agentless_harm} of them about harm done to someone.`}
      </p>
      {hidden.length > 0 && (
        <ul className={styles.clauseList}>
          {hidden.map((c, index) => (
            <li key={index} className={c.harm ? styles.harm : undefined}>
              <q>{text.slice(c.start, c.end)}</q>
              {c.harm ? ' (harm, no agent named)' : ' (no agent named)'}
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}

function Sourcing({ detection }: { detection: Detection }) {
  const { sourcing } = detection;
  const total = SOURCE_TYPES.reduce((sum, type) => sum + sourcing.counts[type], 0);
  return (
    <section className={styles.part} aria-labelledby="advanced-sourcing-title">
      <h4 id="advanced-sourcing-title" className={styles.partTitle}>
        Sourcing balance
      </h4>
      {total === 0 ? (
        <p className={`${section.muted} ${styles.line}`}>Nobody is quoted or cited in this article.</p>
      ) : (
        <>
          <table className={styles.table}>
            <caption className={styles.caption}>Who is quoted or cited</caption>
            <thead>
              <tr>
                <th scope="col">Source</th>
                <th scope="col">Times</th>
                <th scope="col">With a doubting verb</th>
              </tr>
            </thead>
            <tbody>
              {SOURCE_TYPES.filter((type) => sourcing.counts[type] > 0).map((type) => (
                <tr key={type}>
                  <th scope="row">{SOURCE_NAMES[type]}</th>
                  <td>{sourcing.counts[type]}</td>
                  <td>{sourcing.doubting[type]}</td>
                </tr>
              ))}
            </tbody>
          </table>
          <ul className={styles.sourceList}>
            {sourcing.attributions.map((a, index) => (
              <li key={index}>
                <strong>{a.speaker}</strong> ({SOURCE_NAMES[a.type].toLowerCase()}), <span className={a.doubting ? styles.doubting : undefined}>{a.verb}</span>
                {a.describing.length > 0 && (
                  <>
                    {'; described as '}
                    {a.describing.map((d, i) => (
                      <span key={i} className={d.loaded ? styles.loaded : undefined}>
                        {i > 0 ? ', ' : ''}
                        {d.word}
                      </span>
                    ))}
                  </>
                )}
              </li>
            ))}
          </ul>
        </>
      )}
    </section>
  );
}

function SecondOpinion({ detection }: { detection: Detection }) {
  const opinion = detection.second_opinion;
  return (
    <section className={styles.part} aria-labelledby="advanced-opinion-title">
      <h4 id="advanced-opinion-title" className={styles.partTitle}>
        Second opinion
      </h4>
      {opinion ? (
        <>
          <p className={`${section.muted} ${styles.line}`}>
            {opinion.model} scores this article {opinion.score}; Keisha’s embedded engine scores it {opinion.embedded_score}.{' '}
            {opinion.agrees ? 'They agree on whether it is biased.' : 'They disagree on whether it is biased.'}
          </p>
          {opinion.summary && <p className={`${section.muted} ${styles.line}`}>{opinion.summary}</p>}
        </>
      ) : (
        <p className={`${section.muted} ${styles.line}`}>No language model is configured on this site, so only Keisha’s embedded engine read this article.</p>
      )}
    </section>
  );
}
