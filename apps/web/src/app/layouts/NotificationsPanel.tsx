import { Notifications } from '@mantine/notifications';

/** Mantine's notification container as the app places it; loaded on first use by NotificationsHost. */
export function NotificationsPanel() {
  return <Notifications position="top-right" zIndex={1000} />;
}
