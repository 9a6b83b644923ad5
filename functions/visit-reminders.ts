/**
 * Netlify only (a scheduled function): the visit reminders at 5 PM Springfield time the day before
 * (docs/product/emails.md#visit-reminder). The Node server runs the same job on its timer and does not
 * mount this module. The jobs and their schedules: functions/_lib/jobs.ts.
 */
import { scheduledFunction } from './_lib/jobs.ts';

export default scheduledFunction('visit-reminders');
