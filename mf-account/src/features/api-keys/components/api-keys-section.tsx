import type { ApiKeyView } from '@keisha/contracts/decoder';
import { useState, type FormEvent } from 'react';
import { Link } from 'react-router-dom';
import { Button } from '../../../components/button.tsx';
import { ConfirmDialog } from '../../../components/confirm-dialog.tsx';
import { Notice } from '../../../components/notice.tsx';
import { TextField } from '../../../components/text-field.tsx';
import { errorMessage } from '../../../lib/error-message.ts';
import { formatDate, formatDateTime } from '../../../lib/format.ts';
import { useRemoteData } from '../../../lib/use-remote-data.ts';
import { createApiKey, listApiKeys, revokeApiKey } from '../api/api-keys.ts';
import { API_KEY_MESSAGES, keyNameError, orderedKeys, usageLabel } from '../domain/key-list.ts';
import accountStyles from '../../account/components/account-page.module.css';
import styles from './api-keys-section.module.css';

type Status = { kind: 'idle' } | { kind: 'busy' } | { kind: 'failed'; message: string };

function NewSecret({ secret, onDone }: { secret: string; onDone: () => void }) {
  const [copied, setCopied] = useState(false);
  async function copy() {
    try {
      await navigator.clipboard.writeText(secret);
      setCopied(true);
    } catch {
      setCopied(false);
    }
  }
  return (
    <div role="status">
      <Notice kind="success">{API_KEY_MESSAGES.shownOnce}</Notice>
      <div className={styles.secret}>
        <code aria-label="Your new API key">{secret}</code>
        <Button onClick={() => void copy()}>{copied ? 'Copied' : 'Copy key'}</Button>
        <Button onClick={onDone}>Done</Button>
      </div>
    </div>
  );
}

function KeyItem({ apiKey, dailyLimit, onRevoke }: { apiKey: ApiKeyView; dailyLimit: number; onRevoke: (key: ApiKeyView) => void }) {
  const revoked = apiKey.revoked_at !== null;
  return (
    <li className={[styles.key, revoked ? styles.revoked : ''].filter(Boolean).join(' ')} aria-label={`API key ${apiKey.name}`}>
      <div>
        <p className={styles.keyName}>
          {apiKey.name} <code>{apiKey.prefix}…</code>
        </p>
        <p className={styles.keyFacts}>
          Created {formatDate(apiKey.created_at)} · Last used {apiKey.last_used_at ? formatDateTime(apiKey.last_used_at) : 'never'} ·{' '}
          {usageLabel(apiKey.used_today, dailyLimit)}
          {revoked && ` · Revoked ${formatDate(apiKey.revoked_at)}`}
        </p>
      </div>
      {!revoked && (
        <Button variant="danger" onClick={() => onRevoke(apiKey)}>
          Revoke
        </Button>
      )}
    </li>
  );
}

/** API access: annual subscribers and administrators name, create, list and revoke keys. */
export function ApiKeysSection({ userId, headingId }: { userId: string; headingId: string }) {
  const keys = useRemoteData(`api-keys:${userId}`, listApiKeys);
  const [name, setName] = useState('');
  const [nameError, setNameError] = useState<string | undefined>();
  const [status, setStatus] = useState<Status>({ kind: 'idle' });
  const [secret, setSecret] = useState<string | null>(null);
  const [revoking, setRevoking] = useState<ApiKeyView | null>(null);
  const data = keys.state.data;

  async function create(event: FormEvent) {
    event.preventDefault();
    if (status.kind === 'busy') return;
    const problem = keyNameError(name);
    setNameError(problem);
    if (problem) return;
    setStatus({ kind: 'busy' });
    try {
      const created = await createApiKey(name.trim());
      setSecret(created.secret);
      setName('');
      setStatus({ kind: 'idle' });
      keys.update((current) => ({ ...current, keys: [created.key, ...current.keys] }));
    } catch (error) {
      setStatus({ kind: 'failed', message: errorMessage(error, API_KEY_MESSAGES.createFailed) });
    }
  }

  async function revoke(key: ApiKeyView) {
    setRevoking(null);
    try {
      const revoked = await revokeApiKey(key.id);
      keys.update((current) => ({ ...current, keys: current.keys.map((k) => (k.id === revoked.id ? revoked : k)) }));
    } catch (error) {
      setStatus({ kind: 'failed', message: errorMessage(error, API_KEY_MESSAGES.revokeFailed) });
    }
  }

  return (
    <section className={accountStyles.section} aria-labelledby={headingId}>
      <h2 id={headingId} className={accountStyles.sectionTitle}>
        API access
      </h2>
      {keys.state.status === 'loading' && !data && <p className={accountStyles.sectionLead}>Loading…</p>}
      {/* A quiet line, not an alert: the rest of the account page works without this section. */}
      {keys.state.status === 'failed' && !data && (
        <p className={accountStyles.sectionLead}>
          {API_KEY_MESSAGES.loadFailed} <Button onClick={keys.reload}>Try again</Button>
        </p>
      )}
      {data && !data.eligible && (
        <p className={accountStyles.sectionLead}>
          {API_KEY_MESSAGES.notEligible} <Link to="/pricing">See the plans</Link> · <Link to="/developers">Read the API documentation</Link>
        </p>
      )}
      {data?.eligible && (
        <>
          <p className={accountStyles.sectionLead}>
            Decode articles from your own tools with <code>POST /api/v1/analyses</code>. <Link to="/developers">Read the API documentation</Link>
          </p>
          <form className={styles.form} onSubmit={(event) => void create(event)} noValidate>
            <TextField
              label="Key name"
              value={name}
              onChange={(value) => {
                setName(value);
                setNameError(undefined);
              }}
              error={nameError}
              hint="Say where the key is used, e.g. Newsroom CMS."
              maxLength={200}
            />
            <Button type="submit" variant="primary" disabled={status.kind === 'busy'}>
              {status.kind === 'busy' ? 'Creating key…' : 'Create key'}
            </Button>
          </form>
        </>
      )}
      {status.kind === 'failed' && <Notice kind="error">{status.message}</Notice>}
      {secret && <NewSecret secret={secret} onDone={() => setSecret(null)} />}
      {data && data.keys.length > 0 && (
        <ul className={styles.list} aria-label="Your API keys">
          {orderedKeys(data.keys).map((key) => (
            <KeyItem key={key.id} apiKey={key} dailyLimit={data.daily_limit} onRevoke={setRevoking} />
          ))}
        </ul>
      )}
      {revoking && (
        <ConfirmDialog
          confirmation={{
            title: `Revoke “${revoking.name}”?`,
            body: 'Every request with this key will be refused from now on. This cannot be undone.',
            confirmLabel: 'Yes, revoke',
            danger: true,
          }}
          onConfirm={() => void revoke(revoking)}
          onCancel={() => setRevoking(null)}
        />
      )}
    </section>
  );
}
