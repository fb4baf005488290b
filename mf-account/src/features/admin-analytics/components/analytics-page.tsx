import { useMemo, useState } from 'react';
import { ANALYTICS_PERIODS, type AnalyticsPeriod, type AnalyticsSummary, type ClientErrorGroup, type PlanSales, type ProviderSales, type SalesSummary } from '@keisha/contracts/analytics';
import { Badge } from '../../../components/badge.tsx';
import { Button } from '../../../components/button.tsx';
import { DataTable, type Column } from '../../../components/data-table.tsx';
import { LoadFailed } from '../../../components/load-failed.tsx';
import { Loading } from '../../../components/loading.tsx';
import { PageHeader } from '../../../components/page-header.tsx';
import { RemoteList } from '../../../components/remote-list.tsx';
import { countLabel, formatDateTime } from '../../../lib/format.ts';
import { useRemoteData, type RemoteDataHandle } from '../../../lib/use-remote-data.ts';
import { getAnalyticsSummary } from '../api/get-analytics-summary.ts';
import { getSalesSummary } from '../api/get-sales-summary.ts';
import {
  analyticsSummaryPath,
  browserTimeZone,
  chartsOf,
  eventLabel,
  funnelRows,
  money,
  netRevenue,
  percent,
  planLabel,
  providerLabel,
  salesSummaryPath,
  sourceLabel,
  tableRows,
  type FunnelRow,
} from '../domain/analytics.ts';
import { DailyLinesChart, FunnelBarsChart, type LineSeries } from './charts.tsx';
import styles from './analytics-page.module.css';

const DESCRIPTION = 'What readers do on the site as their browsers report it (unverified), and what they bought as billing confirmed it, per day in your time zone.';

/** Where a figure comes from: browser reports anyone can forge or block, or payments billing confirmed. */
function SourceBadge({ source }: { source: FunnelRow['source'] }) {
  return <Badge tone={source === 'billing' ? 'success' : 'neutral'}>{sourceLabel(source)}</Badge>;
}

function PeriodPicker({ days, onChange }: { days: AnalyticsPeriod; onChange: (days: AnalyticsPeriod) => void }) {
  return (
    <div className={styles.periods} role="group" aria-label="Period">
      {ANALYTICS_PERIODS.map((option) => (
        <Button key={option} size="small" variant={option === days ? 'primary' : 'secondary'} aria-pressed={option === days} onClick={() => onChange(option)}>
          Last {option} days
        </Button>
      ))}
    </div>
  );
}

/** A chart's table view: a row per day, a column per line. Closed by default; it holds every value drawn. */
function DailyTable({ caption, dates, series }: { caption: string; dates: string[]; series: LineSeries[] }) {
  const rows = tableRows(dates, series.map((s) => ({ daily: s.values })));
  const columns: Column<(typeof rows)[number]>[] = [
    { header: 'Date', rowHeader: true, cell: (row) => <time dateTime={row.date}>{row.date}</time> },
    ...series.map((s, i) => ({ header: s.label, cell: (row: (typeof rows)[number]) => row.counts[i]!.toLocaleString('en-US') })),
  ];
  return (
    <details className={styles.tableView}>
      <summary>Table view: {caption}</summary>
      <DataTable caption={caption} columns={columns} rows={rows} rowKey={(row) => row.date} empty="No days in this period." stacked={false} />
    </details>
  );
}

function ChartSection({ id, title, description, dates, series, days }: { id: string; title: string; description: string; dates: string[]; series: LineSeries[]; days: number }) {
  const headingId = `analytics-${id}`;
  const total = series.reduce((sum, s) => sum + s.values.reduce((a, b) => a + b, 0), 0);
  return (
    <section className={styles.section} aria-labelledby={headingId} data-chart-section={id}>
      <h2 id={headingId}>{title}</h2>
      <p className={styles.sectionText}>
        {description} <SourceBadge source="browser" />
      </p>
      {series.length === 0 || total === 0 ? (
        <p className={styles.sectionText}>No events in this period.</p>
      ) : (
        <figure className={styles.figure}>
          <DailyLinesChart label={`Line chart: ${title} per day over the last ${days} days (${series.map((s) => s.label).join(', ')}). Every value is in the table view below.`} dates={dates} series={series} />
          <DailyTable caption={`${title} per day`} dates={dates} series={series} />
        </figure>
      )}
    </section>
  );
}

const countCell = (count: number | null) => (count === null ? '—' : count.toLocaleString('en-US'));

const funnelColumns: Column<FunnelRow>[] = [
  { header: 'Step', rowHeader: true, cell: (row) => row.label },
  { header: 'Source', cell: (row) => sourceLabel(row.source) },
  { header: 'Sessions or purchases', cell: (row) => countCell(row.count) },
  { header: 'Of visits', cell: (row) => percent(row.ofFirst) },
  { header: 'Of the step before', cell: (row) => percent(row.ofPrevious) },
];

function FunnelSection({ summary, sales }: { summary: AnalyticsSummary; sales: SalesSummary | undefined }) {
  const rows = useMemo(() => funnelRows(summary.funnel, sales?.purchases ?? null), [summary, sales]);
  const steps = useMemo(() => rows.map((r) => ({ label: r.label, sessions: r.count ?? 0 })), [rows]);
  return (
    <section className={styles.section} aria-labelledby="analytics-funnel" data-chart-section="funnel">
      <h2 id="analytics-funnel">From visit to purchase</h2>
      <p className={styles.sectionText}>
        Browser sessions that reached each step, as browsers report them <SourceBadge source="browser" />, then the purchases billing confirmed{' '}
        <SourceBadge source="billing" />. A purchase a browser reports is not counted here.
      </p>
      <figure className={styles.figure}>
        <FunnelBarsChart label={`Bar chart: browser sessions at each step from visit to checkout (unverified), then purchases confirmed by billing, over the last ${summary.days} days. Every value is in the table view below.`} steps={steps} />
        <details className={styles.tableView}>
          <summary>Table view: From visit to purchase</summary>
          <DataTable caption="From visit to purchase" columns={funnelColumns} rows={rows} rowKey={(row) => row.event} empty="No steps." stacked={false} />
        </details>
      </figure>
    </section>
  );
}

type SalesRow = (PlanSales | ProviderSales) & { name: string };

function salesColumns(first: string): Column<SalesRow>[] {
  return [
    { header: first, rowHeader: true, cell: (row) => row.name },
    { header: 'Purchases', cell: (row) => row.purchases.toLocaleString('en-US') },
    { header: 'Renewals', cell: (row) => row.renewals.toLocaleString('en-US') },
    { header: 'Revenue', cell: (row) => money(row.revenue_cents) },
    { header: 'Refunded', cell: (row) => (row.refunds > 0 ? `${money(row.refunded_cents)} (${countLabel(row.refunds, 'refund', 'refunds')})` : money(0)) },
  ];
}
const planColumns = salesColumns('Plan');
const providerColumns = salesColumns('Provider');

/** The period's headline figures from billing, as label and value. */
const salesFigures = (sales: SalesSummary): [string, string][] => [
  ['Purchased', sales.purchases.toLocaleString('en-US')],
  ['Revenue', money(sales.revenue_cents)],
  ['Renewals', sales.renewals.toLocaleString('en-US')],
  ['Refunded', money(sales.refunded_cents)],
  ['Revenue after refunds', money(netRevenue(sales))],
];

function SalesFigures({ sales }: { sales: SalesSummary }) {
  const plans = useMemo(() => sales.by_plan.map((row) => ({ ...row, name: planLabel(row.product, row.tier) })), [sales]);
  const providers = useMemo(() => sales.by_provider.map((row) => ({ ...row, name: providerLabel(row.provider) })), [sales]);
  return (
    <>
      <dl className={styles.figures}>
        {salesFigures(sales).map(([label, value]) => (
          <div key={label}>
            <dt>{label}</dt>
            <dd>{value}</dd>
          </div>
        ))}
      </dl>
      <DataTable caption="Revenue by plan" columns={planColumns} rows={plans} rowKey={(row) => `${row.name}`} empty="No confirmed payments in this period." stacked={false} />
      <DataTable caption="Revenue by provider" columns={providerColumns} rows={providers} rowKey={(row) => row.name} empty="No confirmed payments in this period." stacked={false} />
    </>
  );
}

function SalesSection({ sales }: { sales: RemoteDataHandle<SalesSummary> }) {
  const { state } = sales;
  return (
    <section className={styles.section} aria-labelledby="analytics-sales" data-chart-section="sales" aria-busy={state.status === 'loading' || undefined}>
      <h2 id="analytics-sales">Purchases and revenue</h2>
      <p className={styles.sectionText}>
        Payments billing confirmed in the period, per plan and per payment provider, in US dollars <SourceBadge source="billing" />.
      </p>
      {state.status === 'failed' && (
        <LoadFailed error={state.error} fallback="Could not load purchases and revenue from billing. Please try again." onRetry={sales.reload} />
      )}
      {!state.data && state.status === 'loading' && <Loading label="Loading purchases and revenue..." />}
      {state.data && <SalesFigures sales={state.data} />}
    </section>
  );
}

const errorColumns: Column<ClientErrorGroup>[] = [
  { header: 'Remote', rowHeader: true, cell: (row) => row.remote },
  { header: 'Version', cell: (row) => row.version },
  { header: 'Failure', cell: (row) => (row.kind === 'load' ? 'Did not load' : 'Crashed') },
  { header: 'Message', cell: (row) => <span className={styles.message}>{row.message}</span> },
  { header: 'Reports', cell: (row) => row.count.toLocaleString('en-US') },
  { header: 'Last seen', cell: (row) => <time dateTime={row.last_seen}>{formatDateTime(row.last_seen)}</time> },
];

function ClientErrorsSection({ summary }: { summary: AnalyticsSummary }) {
  const series = useMemo(() => [{ label: 'Reports', values: summary.client_errors.daily }], [summary]);
  return (
    <section className={styles.section} aria-labelledby="analytics-client-errors" data-chart-section="client-errors">
      <h2 id="analytics-client-errors">Front-end errors</h2>
      <p className={styles.sectionText}>
        Parts of the site that failed to load or crashed in a reader’s browser: {countLabel(summary.client_errors.total, 'report', 'reports')} in the period, each browser reporting a failure once per page.
      </p>
      {summary.client_errors.total > 0 && (
        <figure className={styles.figure}>
          <DailyLinesChart label={`Line chart: front-end error reports per day over the last ${summary.days} days. Every value is in the table view below.`} dates={summary.dates} series={series} />
          <DailyTable caption="Front-end error reports per day" dates={summary.dates} series={series} />
        </figure>
      )}
      <DataTable caption="Most reported front-end errors" columns={errorColumns} rows={summary.client_errors.top} rowKey={(row) => `${row.remote}|${row.version}|${row.kind}|${row.message}`} empty="No front-end errors reported in this period." />
    </section>
  );
}

function Charts({ summary }: { summary: AnalyticsSummary }) {
  const charts = useMemo(
    () => chartsOf(summary).map(({ group, series }) => ({ group, series: series.map((s) => ({ label: eventLabel(s.event), values: s.daily })) })),
    [summary],
  );
  return (
    <>
      {charts.map(({ group, series }) => (
        <ChartSection key={group.id} id={group.id} title={group.title} description={group.description} dates={summary.dates} series={series} days={summary.days} />
      ))}
      <ClientErrorsSection summary={summary} />
    </>
  );
}

/**
 * /admin/analytics: the funnel (browser steps, then billing's purchases), billing's purchases and revenue, the
 * events browsers report charted per day, and front-end errors.
 */
export function AnalyticsPage() {
  const [days, setDays] = useState<AnalyticsPeriod>(30);
  const [timeZone] = useState(browserTimeZone);
  const summary = useRemoteData(analyticsSummaryPath(days, timeZone), (signal) => getAnalyticsSummary(days, timeZone, signal));
  // Asked of billing itself (it owns payments), beside the decoder's summary: either can fail alone.
  const sales = useRemoteData(salesSummaryPath(days, timeZone), (signal) => getSalesSummary(days, timeZone, signal));
  const { state } = summary;

  return (
    <>
      <PageHeader title="Analytics" description={DESCRIPTION} actions={<PeriodPicker days={days} onChange={setDays} />} />
      <RemoteList list={summary} what="analytics">
        {(data, busy) => (
          <div aria-busy={busy || undefined}>
            <FunnelSection summary={data} sales={sales.state.data} />
          </div>
        )}
      </RemoteList>
      {/* Billing's figures do not wait for, or fail with, the browsers' summary. */}
      <SalesSection sales={sales} />
      {state.data && (
        <div aria-busy={state.status === 'loading' || undefined}>
          <Charts summary={state.data} />
        </div>
      )}
    </>
  );
}
