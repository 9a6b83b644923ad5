/**
 * Netlify only (a scheduled function, every minute): the second plans whose settlement is due
 * (docs/product/plans.md#one-live-plan-per-customer), then the stored leads and owner events to the
 * automation webhooks and the e-mails to SMTP_URL. Netlify keeps no process running between
 * requests; the Node server runs the same jobs on its timers and does not mount this module. The
 * jobs and their schedules: functions/_lib/jobs.ts.
 */
import { scheduledFunction } from './_lib/jobs.ts';

export default scheduledFunction('leads-outbox');
