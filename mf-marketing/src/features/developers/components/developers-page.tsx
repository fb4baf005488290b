import { PUBLIC_API_PATHS } from '@keisha/contracts/decoder';
import { tableStyles } from '@keisha/ui';
import { useEffect, useState, type ReactNode } from 'react';
import { Link } from 'react-router-dom';
import { PageFrame } from '../../../components/page-frame.tsx';
import { PageSection } from '../../../components/page-section.tsx';
import { paths } from '../../../config/paths.ts';
import { EXAMPLE_LANGUAGES, examplesFor, type ExampleLanguage } from '../domain/examples.ts';
import { referenceOf, type ApiReference } from '../domain/openapi-view.ts';
import styles from './developers-page.module.css';

const LIMIT_LABELS: Record<string, string> = {
  requests_per_minute_per_key: 'Requests per minute, per key',
  articles_per_day_per_account: 'Articles per UTC day, per account: all its keys together (a batch of N counts N)',
  articles_per_day_per_key: 'Articles per UTC day, per key, within the account’s',
  articles_per_batch: 'Articles per batch',
  article_max_characters: 'Characters per article',
  batch_body_bytes: 'Bytes per batch request',
};

type Loaded = { status: 'loading' } | { status: 'ready'; reference: ApiReference } | { status: 'failed' };

/** The API reference, from the OpenAPI description the service itself serves (so it cannot drift). */
function useApiReference(): Loaded {
  const [state, setState] = useState<Loaded>({ status: 'loading' });
  useEffect(() => {
    const controller = new AbortController();
    fetch(PUBLIC_API_PATHS.openapi, { signal: controller.signal })
      .then((response) => (response.ok ? response.json() : Promise.reject(new Error(String(response.status)))))
      .then((document: unknown) => setState({ status: 'ready', reference: referenceOf(document) }))
      .catch(() => {
        if (!controller.signal.aborted) setState({ status: 'failed' });
      });
    return () => controller.abort();
  }, []);
  return state;
}

function Examples() {
  const [language, setLanguage] = useState<ExampleLanguage>('curl');
  const examples = examplesFor(typeof window === 'undefined' ? 'https://keisha.example' : window.location.origin);
  return (
    <PageSection titleId="dev-examples" title="Examples" className={styles.section}>
      <div className={styles.tabs} role="tablist" aria-label="Language">
        {EXAMPLE_LANGUAGES.map((name) => (
          <button key={name} type="button" role="tab" className={styles.tab} aria-selected={language === name} onClick={() => setLanguage(name)}>
            {name}
          </button>
        ))}
      </div>
      <pre className={styles.code} role="tabpanel" aria-label={`${language} example`}>
        <code>{examples[language]}</code>
      </pre>
    </PageSection>
  );
}

/** A table of the reference with a header row of `columns`; the rows are the children. */
function ReferenceTable({ columns, children }: { columns: string[]; children: ReactNode }) {
  return (
    <div className={styles.tableScroll}>
      <table className={`${tableStyles.table} ${styles.table}`}>
        <thead>
          <tr>
            {columns.map((column) => (
              <th key={column} scope="col">
                {column}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>{children}</tbody>
      </table>
    </div>
  );
}

function Reference({ reference }: { reference: ApiReference }) {
  return (
    <>
      <PageSection titleId="dev-endpoints" title="Endpoints" className={styles.section}>
        {reference.endpoints.map((endpoint) => (
          <article key={`${endpoint.method} ${endpoint.path}`} className={styles.endpoint} aria-label={`${endpoint.method} ${endpoint.path}`}>
            <h3 className={styles.endpointTitle}>
              <code>
                {endpoint.method} {endpoint.path}
              </code>{' '}
              · {endpoint.summary}
            </h3>
            <p>{endpoint.description}</p>
            <ReferenceTable columns={['Body field', 'Type', 'Required', 'Notes']}>
              {endpoint.fields.map((field) => (
                <tr key={field.name}>
                  <td>
                    <code>{field.name}</code>
                  </td>
                  <td>{field.type}</td>
                  <td>{field.required ? 'yes' : 'no'}</td>
                  <td>{field.note}</td>
                </tr>
              ))}
            </ReferenceTable>
          </article>
        ))}
      </PageSection>
      <PageSection titleId="dev-errors" title="Errors" className={styles.section}>
        <p>
          Every error answers <code>{'{ "success": false, "error": { "code": "…", "message": "…" } }'}</code>; the message can be shown to a person.
        </p>
        <ReferenceTable columns={['Status', 'Code', 'Meaning']}>
          {reference.errors.map((error) => (
            <tr key={`${error.status} ${error.code}`}>
              <td>{error.status}</td>
              <td>
                <code>{error.code}</code>
              </td>
              <td>{error.meaning}</td>
            </tr>
          ))}
        </ReferenceTable>
      </PageSection>
      <PageSection titleId="dev-limits" title="Limits" className={styles.section}>
        <div className={styles.tableScroll}>
          <table className={`${tableStyles.table} ${styles.table}`}>
            <tbody>
              {Object.entries(reference.limits).map(([name, value]) => (
                <tr key={name}>
                  <th scope="row">{LIMIT_LABELS[name] ?? name}</th>
                  <td>{value.toLocaleString('en-US')}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      </PageSection>
    </>
  );
}

/** /developers: the public API of the news decoder, for annual subscribers' own tools. */
export function DevelopersPage() {
  const loaded = useApiReference();
  return (
    <PageFrame
      title="Keisha API"
      lead="Decode news articles from your own tools: the same bias score, coded-language findings, summary and plain-language rewrite as the News Decoder, one article at a time or up to 50 in a batch."
    >
      <PageSection titleId="dev-start" title="Getting started" className={styles.section}>
        <p>
          API access comes with the annual plan (<Link className={styles.link} to={paths.pricing}>see the plans</Link>). Create a key in the API access section of your account
          page: it is shown once, so store it as a secret (the examples read it from <code>KEISHA_API_KEY</code>). Send it with every request as{' '}
          <code>Authorization: Bearer kei_live_…</code>. Revoke a key there at any time; a key stops working when its plan ends.
        </p>
        <p>
          The machine-readable description is at{' '}
          <a className={styles.link} href={PUBLIC_API_PATHS.openapi}>
            {PUBLIC_API_PATHS.openapi}
          </a>{' '}
          (OpenAPI 3).
        </p>
      </PageSection>
      <Examples />
      {loaded.status === 'loading' && <p role="status">Loading the API reference…</p>}
      {loaded.status === 'failed' && <p role="alert">The API reference could not be loaded. Please reload the page.</p>}
      {loaded.status === 'ready' && <Reference reference={loaded.reference} />}
    </PageFrame>
  );
}
