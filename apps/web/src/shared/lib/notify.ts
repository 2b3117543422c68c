import { ERROR_NOTIFICATION_MS, NOTIFICATION_MS } from '@laurel/domain';
import { notifications } from '@mantine/notifications';

/** Notifications last 5 s, errors 10 s (docs/product/super-admin.md#rules-and-limits). */
export function notifySuccess(message: string, title?: string): void {
  notifications.show({ message, title, color: 'laurel', autoClose: NOTIFICATION_MS });
}

export function notifyError(message: string, title?: string): void {
  notifications.show({ message, title, color: 'red', autoClose: ERROR_NOTIFICATION_MS });
}
