/**
 * Netlify only (a scheduled function, every hour): the site's schedule for visits
 * (docs/product/visits.md#plan-visits): the plan visits owed, the owner told of the unconfirmed ones due
 * within 7 days, and the review requests due (docs/product/emails.md#review-requests). The Node server runs
 * the same job on its timer (and, in the embedded default, at each advance of the clock) and does
 * not mount this module. The jobs and their schedules: functions/_lib/jobs.ts.
 */
import { scheduledFunction } from './_lib/jobs.ts';

export default scheduledFunction('visit-schedule');
