import type { AppContext } from '../../context.ts';
import { defineJob } from '../../jobs/queue.ts';
import { sendDueNotifications } from './notify-days.ts';

/** Notification-day emails, looked for every minute (docs/product/super-admin.md#rules-and-limits); each is sent once however many processes run. */
export const notifyDaysJob = defineJob<Record<string, never>, AppContext>({
  name: 'accounts.notify-days',
  retryLimit: 3,
  retryDelaySeconds: 60,
  expireInSeconds: 10 * 60,
  schedule: { cron: '* * * * *' },
  async handle(_data, context) {
    const sent = await sendDueNotifications(context);
    if (sent) context.log.info({ accounts: sent }, 'notification-day emails queued');
  },
});
