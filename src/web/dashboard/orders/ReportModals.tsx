// The sale detail by payment type and the daily report (spec §2, §3 "Daily sale row"): both read
// GET .../orders/daily for the pane's range (voided orders left out, merchant-local days); the
// CSV is the same rows from .../orders/daily/csv. The daily report's bar chart (recharts) is a lazy
// chunk: asked for when the daily report opens, alongside the report itself, and never before.
import { lazy, Suspense, useEffect } from 'react';
import { Button } from 'react-aria-components';
import { ErrorBoundary } from 'react-error-boundary';
import { getDailyReportCsv } from '../../../contract/refs.js';
import { MESSAGES } from '../../../domain/messages.js';
import { urlOf } from '../../lib/api.js';
import { formatCents } from '../../lib/format.js';
import { StatusPanel } from '../../components/StatusPanel.js';
import { DashboardDialog } from '../components/DashboardDialog.js';
import { type RangeChoice, rangeQuery, useDailyReport } from './queries.js';
import { RANGE_LABELS } from './RangeFilter.js';

const loadChart = () => import('./DailyTotalsChart.js');
const DailyTotalsChart = lazy(async () => ({ default: (await loadChart()).DailyTotalsChart }));

const PAYMENT_LABELS: Record<string, string> = { creditcard: 'Credit Card', cash: 'Cash' };

function rangeText(range: RangeChoice) {
  return range.range === 'custom' ? `${range.from} to ${range.to}` : RANGE_LABELS[range.range];
}

export function SaleDetailModal({
  merchantId,
  range,
  onClose,
  onDailyReport,
}: {
  merchantId: string;
  range: RangeChoice;
  onClose: () => void;
  onDailyReport: () => void;
}) {
  const report = useDailyReport(merchantId, range, true);
  return (
    <DashboardDialog title="Sale detail" onClose={onClose} className="report-modal">
      <p className="muted">{rangeText(range)}</p>
      {report.isPending ? (
        <StatusPanel title="Loading…" />
      ) : report.isError ? (
        <p role="alert" className="form-error">
          Cannot load the sale detail. Please try again.
        </p>
      ) : report.data.byPaymentType.length === 0 ? (
        <p>{MESSAGES.NO_DATA_FOUND}</p>
      ) : (
        <table className="dash-table">
          <caption className="dash-sr-only">Sales by payment type</caption>
          <thead>
            <tr>
              <th scope="col">Payment type</th>
              <th scope="col">Orders</th>
              <th scope="col">Tips</th>
              <th scope="col">Total</th>
            </tr>
          </thead>
          <tbody>
            {report.data.byPaymentType.map((row) => (
              <tr key={row.paymentMethod}>
                <th scope="row">{PAYMENT_LABELS[row.paymentMethod] ?? row.paymentMethod}</th>
                <td>{row.orders}</td>
                <td>{formatCents(row.tipsCents)}</td>
                <td>{formatCents(row.totalCents)}</td>
              </tr>
            ))}
          </tbody>
          <tfoot>
            <tr>
              <th scope="row">All</th>
              <td>{report.data.total.orders}</td>
              <td>{formatCents(report.data.total.tipsCents)}</td>
              <td>{formatCents(report.data.total.totalCents)}</td>
            </tr>
          </tfoot>
        </table>
      )}
      <div className="dash-dialog__actions">
        <Button className="button button--primary" onPress={onDailyReport}>
          Daily report
        </Button>
      </div>
    </DashboardDialog>
  );
}

const COLUMNS = [
  ['Subtotal', 'subtotalCents'],
  ['Tax', 'taxCents'],
  ['Tips', 'tipsCents'],
  ['Discount', 'discountCents'],
  ['Processing fee', 'processingFeeCents'],
  ['Service fee', 'serviceFeeCents'],
  ['Delivery fee', 'deliveryFeeCents'],
  ['Total', 'totalCents'],
] as const;

export function DailyReportModal({
  merchantId,
  range,
  onClose,
}: {
  merchantId: string;
  range: RangeChoice;
  onClose: () => void;
}) {
  const report = useDailyReport(merchantId, range, true);
  // The chart's chunk loads while the report is asked for; a failed load is left to the chart's
  // error boundary below.
  useEffect(() => {
    loadChart().catch(() => {});
  }, []);
  const csv = urlOf(getDailyReportCsv, { merchantId }, rangeQuery(range));
  return (
    <DashboardDialog
      title="Daily report"
      onClose={onClose}
      className="report-modal report-modal--daily"
    >
      <p className="muted">
        {rangeText(range)}
        {report.data ? ` · days in ${report.data.timeZone}` : ''}
      </p>
      {report.isPending ? (
        <StatusPanel title="Loading…" />
      ) : report.isError ? (
        <p role="alert" className="form-error">
          Cannot load the daily report. Please try again.
        </p>
      ) : report.data.rows.length === 0 ? (
        <p>{MESSAGES.NO_DATA_FOUND}</p>
      ) : (
        <>
          {/* Without its chunk (a failed load) the table alone still carries every figure. */}
          <ErrorBoundary fallback={null}>
            <Suspense fallback={<div className="daily-chart daily-chart--loading" aria-hidden />}>
              <DailyTotalsChart rows={report.data.rows} />
            </Suspense>
          </ErrorBoundary>
          <div className="dash-table-scroll" tabIndex={0} aria-label="Daily report table">
            <table className="dash-table">
              <caption className="dash-sr-only">Sales per day</caption>
              <thead>
                <tr>
                  <th scope="col">Day</th>
                  {COLUMNS.map(([label]) => (
                    <th key={label} scope="col">
                      {label}
                    </th>
                  ))}
                  <th scope="col">Orders</th>
                </tr>
              </thead>
              <tbody>
                {report.data.rows.map((row) => (
                  <tr key={row.day}>
                    <th scope="row">{row.day}</th>
                    {COLUMNS.map(([label, key]) => (
                      <td key={label}>{formatCents(row[key])}</td>
                    ))}
                    <td>{row.orders}</td>
                  </tr>
                ))}
              </tbody>
              <tfoot>
                <tr>
                  <th scope="row">Total</th>
                  {COLUMNS.map(([label, key]) => (
                    <td key={label}>{formatCents(report.data.total[key])}</td>
                  ))}
                  <td>{report.data.total.orders}</td>
                </tr>
              </tfoot>
            </table>
          </div>
        </>
      )}
      <div className="dash-dialog__actions">
        <a className="button button--primary" href={csv} download>
          Download CSV
        </a>
      </div>
    </DashboardDialog>
  );
}
