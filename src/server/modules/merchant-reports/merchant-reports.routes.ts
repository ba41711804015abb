// The merchant's reports (spec §3 daily report) at .../orders/daily, and its CSV download.
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import * as api from '../../../contract/merchant-reports.js';
import type { AppContext } from '../../app-context.js';
import { dailyReport, dailyReportCsv } from './merchant-reports.service.js';

export const merchantReportRoutes =
  (ctx: AppContext): FastifyPluginAsyncZod =>
  async (app) => {
    const config = { access: 'merchant' as const };

    app.get(api.getDailyReport.path, { config, schema: api.getDailyReport.schema }, (req) =>
      dailyReport(ctx, req.params.merchantId, req.query),
    );

    app.get(
      api.getDailyReportCsv.path,
      { config, schema: api.getDailyReportCsv.schema },
      async (req, reply) => {
        const report = await dailyReport(ctx, req.params.merchantId, req.query);
        const name = `daily-report-${req.params.merchantId}-${report.rows[0]?.day ?? 'empty'}.csv`;
        return reply
          .type('text/csv; charset=utf-8')
          .header('content-disposition', `attachment; filename="${name}"`)
          .send(dailyReportCsv(report));
      },
    );
  };
