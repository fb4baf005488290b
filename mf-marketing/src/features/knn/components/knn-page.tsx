import type { ReactNode } from 'react';
import { Link, useNavigate } from 'react-router-dom';
import { buttonStyles as buttons, cardStyles as cardFrame } from '@keisha/ui';
import { ExternalLink } from '../../../components/external-link.tsx';
import { PageFrame } from '../../../components/page-frame.tsx';
import { PageSection } from '../../../components/page-section.tsx';
import { externalLinks } from '../../../config/links.ts';
import { chatPlansLink, paths } from '../../../config/paths.ts';
import { backDestination } from '../domain/back-navigation.ts';
import { EVALUATION } from '../domain/evaluation-figures.ts';
import { REFERENCES } from '../domain/references.ts';
import styles from './knn.module.css';

type AppCard = { name: string; status: string; description: string; action: string } & (
  | { to: string | typeof chatPlansLink }
  | { href: string }
);

const APP_CARDS: AppCard[] = [
  {
    name: 'News Decoder',
    status: 'Live',
    description: 'Paste an article; get a 0-100 bias score, each coded phrase explained, an analyst summary and a plain rewrite.',
    action: 'Open the decoder',
    to: paths.decoder,
  },
  {
    name: 'Political Discourse Repository',
    status: 'Sister site',
    description: 'An archive of political speech and its coverage, for tracing how a coded phrase moves from podium to headline.',
    action: 'Visit the repository',
    href: externalLinks.discourseRepository,
  },
  {
    name: 'Decoder Beta',
    status: 'Beta',
    description: 'The next version of the decoder, open for early testing. Expect rough edges, and tell us about them.',
    action: 'Try the beta',
    href: externalLinks.decoderBeta,
  },
  {
    name: 'Keisha, the chat assistant',
    status: 'Live',
    description: 'A counter-racist scholar to question about what you read: ten questions a day free with an account, unlimited on a chat plan.',
    action: 'See the chat plans',
    to: chatPlansLink,
  },
];

function Cite({ id, children }: { id: string; children: ReactNode }) {
  const index = REFERENCES.findIndex((reference) => reference.id === id);
  return (
    <>
      {children}{' '}
      <a href={`#ref-${id}`} className={styles.cite}>
        [{index + 1}]
      </a>
    </>
  );
}

function Section({ id, title, children }: { id: string; title: string; children: ReactNode }) {
  return (
    <PageSection id={id} titleId={`${id}-title`} title={title} className={styles.section}>
      {children}
    </PageSection>
  );
}

/** The research-style introduction to the Keisha News Network (spec section 2, /knn). */
export function KnnPage() {
  const navigate = useNavigate();
  const goBack = () => {
    const destination = backDestination(window.history.length);
    if (destination === -1) navigate(-1);
    else navigate(destination);
  };

  return (
    <PageFrame
      title="Keisha News Network"
      before={
        <button type="button" className={`${buttons.back} ${styles.back}`} onClick={goBack}>
          <span aria-hidden="true">←</span>Back
        </button>
      }
      lead="A research-style introduction to how Keisha reads the news: the problem it addresses, how the system works, the work it builds on, the questions it has not settled, and the sites that make up the network."
    >
      <nav className={`${cardFrame.card} ${styles.contents}`} aria-label="On this page">
        <ol>
          <li><a href="#abstract">Abstract</a></li>
          <li><a href="#introduction">Introduction</a></li>
          <li><a href="#system-overview">System overview</a></li>
          <li><a href="#prior-work">Prior work</a></li>
          <li><a href="#controversies">Controversies</a></li>
          <li><a href="#conclusion">Conclusion</a></li>
        </ol>
      </nav>

      <Section id="abstract" title="Abstract">
        <p className={styles.abstract}>
          The Keisha News Network is a set of tools for reading news coverage through a counter-racist lens. Its
          core, the News Decoder, takes the text of an article and returns a bias score from 0 to 100, the euphemisms
          and coded racial language it contains with an explanation of each, an analyst summary, and a rewrite that
          says plainly what the original implied. A repository of political discourse and a beta deployment of the
          decoder complete the network. We describe the problem, the system and its evaluation, place it among
          earlier work on media bias and coded language, and set out the objections it has to answer.
        </p>
      </Section>

      <Section id="introduction" title="Introduction">
        <p>
          News shapes what readers believe about race long before anyone uses a slur. Content analyses of local
          television news found Black residents shown as threatening in crime coverage and as demanding in political
          coverage more often than comparable white people <Cite id="entman-1992">(Entman, 1992)</Cite>, and shown
          as lawbreakers out of proportion to official crime statistics{' '}
          <Cite id="dixon-linz-2000">(Dixon &amp; Linz, 2000)</Cite>. In experiments, showing a Black suspect in an
          otherwise identical crime story raised white viewers&apos; support for punitive policy and their negative
          views of Black people <Cite id="gilliam-iyengar-2000">(Gilliam &amp; Iyengar, 2000)</Cite>.
        </p>
        <p>
          Much of this works through coded language: words such as &ldquo;inner-city&rdquo;, &ldquo;welfare&rdquo;
          or &ldquo;tough on crime&rdquo; that carry a racial message while keeping deniability{' '}
          <Cite id="haney-lopez-2014">(Haney López, 2014)</Cite>. And the same coverage is now training data:
          word embeddings learned from ordinary web text associate European-American names with pleasant words and
          African-American names with unpleasant ones{' '}
          <Cite id="caliskan-2017">(Caliskan, Bryson &amp; Narayanan, 2017)</Cite>. A reader, an editor or a model
          that cannot see the code repeats it.
        </p>
      </Section>

      <Section id="system-overview" title="System overview">
        <p>
          Keisha follows the counter-racist tradition that defines racism as a system of white supremacy rather
          than as individual prejudice <Cite id="fuller-1969">(Fuller, 1969)</Cite>{' '}
          <Cite id="welsing-1991">(Welsing, 1991)</Cite>. The decoder applies that lens in four stages:
        </p>
        <ol className={styles.steps}>
          <li>
            <strong>Lexicon.</strong> A curated list of coded racial terms, euphemisms and loaded framing, each
            entry explained in our own words with a link to its source. It draws on the largest published glossary
            of political dog whistles <Cite id="mendelsohn-2023">(Mendelsohn et al., 2023)</Cite>.
          </li>
          <li>
            <strong>Context rules.</strong> A phrase is flagged only where its context supports the coded reading:
            a policy phrase next to a racial cue, not every mention of a tax cut.
          </li>
          <li>
            <strong>Framing cues and score.</strong> Hedges, factive verbs and subjective words from the bias
            lexicons of <Cite id="recasens-2013">Recasens et al. (2013)</Cite> and{' '}
            <Cite id="pryzant-2020">Pryzant et al. (2020)</Cite> feed a 0-100 score calibrated on expert-labelled
            news sentences <Cite id="spinde-2021">(Spinde et al., 2021)</Cite>.
          </li>
          <li>
            <strong>Summary and translation.</strong> The findings become an analyst summary and a plain rewrite. A
            large language model can add findings, but only terms that actually occur in the article are kept.
          </li>
        </ol>
        <p data-testid="knn-evaluation">
          On the public development split of the BABE benchmark ({EVALUATION.all.sentences} expert-labelled
          sentences), the decoder&apos;s offline engine reaches a macro F1 of {EVALUATION.heldOut.macroF1} and a ROC
          AUC of {EVALUATION.heldOut.auc} on the half its weights were never fitted on ({EVALUATION.heldOut.sentences}{' '}
          sentences), against 0.52 for the benchmark paper&apos;s feature-based baseline and 0.80 for its best neural
          model. It wrongly flags a codeword in about one of every hundred sentences the experts judged unbiased
          ({EVALUATION.all.codewordFalsePositivesPer100} per 100 on the development data,{' '}
          {EVALUATION.heldOut.codewordFalsePositivesPer100} on the held-out half), and recognises{' '}
          {EVALUATION.glossaryRecall} of the glossary&apos;s {EVALUATION.glossaryEntries} race-related dog whistles
          in the glossary&apos;s own examples.
        </p>
      </Section>

      <Section id="prior-work" title="Prior work">
        <p>
          Computational work on biased language began with word-level cues: <Cite id="recasens-2013">Recasens et
          al. (2013)</Cite> learned them from Wikipedia&apos;s neutrality edits, and{' '}
          <Cite id="pryzant-2020">Pryzant et al. (2020)</Cite> trained models to rewrite subjective sentences
          neutrally. <Cite id="spinde-2021">Spinde et al. (2021)</Cite> showed that news bias needs expert
          annotators and released BABE, 3,700 sentences labelled by trained experts.
        </p>
        <p>
          Coded rhetoric is harder. <Cite id="mendelsohn-2023">Mendelsohn et al. (2023)</Cite> catalogued over 300
          dog whistles and found that a general-purpose toxicity classifier rated hateful sentences containing a dog
          whistle as less toxic than the same sentences with a slur: the code works on machines too. Keisha builds
          on their glossary, and on political science that traced how coded appeals replaced explicit ones{' '}
          <Cite id="haney-lopez-2014">(Haney López, 2014)</Cite>.
        </p>
      </Section>

      <Section id="controversies" title="Controversies">
        <p>
          <strong>Who decides what is biased?</strong> Even trained annotators agree only moderately on news bias.
          A score can hide that disagreement, so Keisha always shows its reasons next to its number.
        </p>
        <p>
          <strong>Can a bias detector be biased?</strong> Yes. Hate-speech classifiers have flagged tweets written
          in African American English as offensive far more often than others{' '}
          <Cite id="sap-2019">(Sap et al., 2019)</Cite>, and commercial face-analysis systems have failed darker-
          skinned women far more than lighter-skinned men{' '}
          <Cite id="buolamwini-gebru-2018">(Buolamwini &amp; Gebru, 2018)</Cite>. We measure our false flags on
          unbiased text and publish them.
        </p>
        <p>
          <strong>Is a counter-racist frame partisan?</strong> Critics say so. Our answer is transparency: the frame
          is named, each finding cites its source, and readers can disagree on the evidence.
        </p>
        <p>
          <strong>Language models.</strong> They can invent findings. Keisha keeps only terms that occur in the text,
          and works without a model at all.
        </p>
      </Section>

      <Section id="conclusion" title="Conclusion">
        <p>
          Coded racial language is designed to pass unnoticed, by readers and by machines. The Keisha News Network
          makes it visible, explains it, and leaves the judgement to the reader. The decoder is free to try without
          an account and the chat assistant is open to everyone who signs in; the wider platform, with team tools,
          follows in December.
        </p>
        <p>
          <ExternalLink href={externalLinks.knnFullPaper} className={`${buttons.primary} ${styles.paperLink}`}>
            Read the full paper
          </ExternalLink>
        </p>
      </Section>

      <PageSection titleId="knn-apps-title" title="The network" className={styles.section}>
        <ul className={styles.cards}>
          {APP_CARDS.map((card) => (
            <li key={card.name} className={`${cardFrame.card} ${styles.card}`}>
              <p className={styles.cardStatus}>{card.status}</p>
              <h3 className={styles.cardTitle}>{card.name}</h3>
              <p className={styles.cardText}>{card.description}</p>
              {'href' in card ? (
                <ExternalLink href={card.href} className={styles.cardAction}>
                  {card.action}
                </ExternalLink>
              ) : (
                <Link to={card.to} className={styles.cardAction}>
                  {card.action}
                </Link>
              )}
            </li>
          ))}
        </ul>
      </PageSection>

      <PageSection titleId="knn-references-title" title="References" className={styles.section}>
        <ol className={styles.references}>
          {REFERENCES.map((reference) => (
            <li key={reference.id} id={`ref-${reference.id}`} className={styles.reference}>
              {reference.citation}
              {reference.url && (
                <>
                  {' '}
                  <ExternalLink href={reference.url} className={styles.referenceLink}>
                    {new URL(reference.url).hostname}
                  </ExternalLink>
                </>
              )}
            </li>
          ))}
        </ol>
      </PageSection>
    </PageFrame>
  );
}
