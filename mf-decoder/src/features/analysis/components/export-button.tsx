import { useState } from 'react';
import { buttonStyles as buttons } from '@keisha/ui';
import type { AnalysisResult } from '../domain/analysis-result.ts';
import { buildMarkdownReport, reportFileName } from '../domain/markdown-report.ts';
import styles from './result.module.css';

function download(fileName: string, content: string) {
  const url = URL.createObjectURL(new Blob([content], { type: 'text/markdown;charset=utf-8' }));
  const link = document.createElement('a');
  link.href = url;
  link.download = fileName;
  link.rel = 'noopener';
  document.body.append(link);
  link.click();
  link.remove();
  // Give the browser time to start the download before the address goes.
  setTimeout(() => URL.revokeObjectURL(url), 10_000);
}

/** 'Export' (issue 4, beyond the spec): downloads the report as Markdown. */
export function ExportButton({ result, onExport }: { result: AnalysisResult; onExport?: () => void }) {
  const [saved, setSaved] = useState<string | null>(null);

  function exportReport() {
    const now = new Date();
    const fileName = reportFileName(now);
    download(fileName, buildMarkdownReport(result, now));
    setSaved(fileName);
    onExport?.();
  }

  return (
    <div className={styles.export}>
      <button type="button" className={`${buttons.secondary} ${styles.exportButton}`} onClick={exportReport} title="Download the report as Markdown">
        <svg className={styles.exportIcon} viewBox="0 0 24 24" aria-hidden="true" focusable="false">
          <path d="M12 4v11m0 0-4.5-4.5M12 15l4.5-4.5M5 19h14" fill="none" stroke="currentColor" strokeWidth="2" strokeLinecap="round" strokeLinejoin="round" />
        </svg>
        Export
      </button>
      <span className={styles.exportStatus} aria-live="polite">
        {saved ? `Saved ${saved}` : ''}
      </span>
    </div>
  );
}
