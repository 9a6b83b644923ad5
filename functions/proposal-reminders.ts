/**
 * Netlify only (a scheduled function): the reminders of proposed times left unanswered for 24 hours
 * (docs/product/visits.md#proposed-times), every 15 minutes. The Node server runs the same job on its
 * timer and does not mount this module. The jobs and their schedules: functions/_lib/jobs.ts.
 */
import { scheduledFunction } from './_lib/jobs.ts';

export default scheduledFunction('proposal-reminders');
