import { useEffect, useId, useRef, useState } from 'react';
import { Button } from '../../../components/button.tsx';
import { Notice } from '../../../components/notice.tsx';
import { saveFile } from '../../../lib/save-file.ts';
import { exportData } from '../api/export-data.ts';
import { DOWNLOAD_DATA_MESSAGES, downloadDataErrorMessage, downloadedMessage } from '../domain/download-data.ts';
import { AccountSection } from './account-section.tsx';
import styles from './account-page.module.css';

type DownloadState = { kind: 'idle' } | { kind: 'busy' } | { kind: 'done'; fileName: string } | { kind: 'failed'; message: string };

/**
 * "Download your data", just before "Delete your account": one button that saves identity's file of everything
 * Keisha holds about the account (administrators' too). The line saying it was downloaded is a polite live region
 * that is always there, so each new line is read out; a refusal is an alert.
 */
export function DownloadDataSection({ headingId }: { headingId: string }) {
  const [state, setState] = useState<DownloadState>({ kind: 'idle' });
  const buttonId = useId();
  const busy = state.kind === 'busy';
  const wasBusy = useRef(false);

  // The pressed button, disabled while the file is prepared, loses focus to the page; once the download is over it
  // gets it back (unless the reader has moved on to something else meanwhile).
  useEffect(() => {
    const active = document.activeElement;
    if (wasBusy.current && !busy && (active === null || active === document.body)) document.getElementById(buttonId)?.focus();
    wasBusy.current = busy;
  }, [busy, buttonId]);

  async function download() {
    setState({ kind: 'busy' });
    try {
      const { file, fileName } = await exportData();
      saveFile(file, fileName);
      setState({ kind: 'done', fileName });
    } catch (error) {
      setState({ kind: 'failed', message: downloadDataErrorMessage(error) });
    }
  }

  return (
    <AccountSection headingId={headingId} title={DOWNLOAD_DATA_MESSAGES.title} lead={DOWNLOAD_DATA_MESSAGES.lead}>
      <div className={styles.actions}>
        <Button id={buttonId} variant="primary" disabled={busy} aria-busy={busy || undefined} onClick={() => void download()}>
          {busy ? DOWNLOAD_DATA_MESSAGES.busy : DOWNLOAD_DATA_MESSAGES.button}
        </Button>
      </div>
      <p role="status" className={styles.downloadStatus}>
        {state.kind === 'done' ? downloadedMessage(state.fileName) : ''}
      </p>
      {state.kind === 'failed' && (
        <Notice kind="error" className={styles.downloadError}>
          {state.message}
        </Notice>
      )}
    </AccountSection>
  );
}
