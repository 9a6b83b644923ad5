/**
 * Netlify only (a scheduled function): the owner's morning list at 6:30 Springfield time
 * (docs/product/emails.md#morning-list). The Node server runs the same job on its timer and does not mount
 * this module. The jobs and their schedules: functions/_lib/jobs.ts.
 */
import { scheduledFunction } from './_lib/jobs.ts';

export default scheduledFunction('morning-list');
