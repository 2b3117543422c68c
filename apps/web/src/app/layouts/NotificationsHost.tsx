import { useNotifications } from '@mantine/notifications';
import { Suspense, useState } from 'react';
import { lazyOptional } from '../../shared/lib/lazy-optional.tsx';

// The container, its transitions and portal load with the first notification, not with every page: most
// visits (the sign-in page) never show one. `notifications.show` only fills a store, which the container
// reads when it mounts.
const Notifications = lazyOptional(() => import('./NotificationsPanel.tsx').then((module) => module.NotificationsPanel));

/** Where the app's notifications show (top right, above modals), mounted once there is one to show. */
export function NotificationsHost() {
  const { notifications, queue } = useNotifications();
  const [needed, setNeeded] = useState(false);
  if (!needed && notifications.length + queue.length > 0) setNeeded(true);
  if (!needed) return null;
  return (
    <Suspense fallback={null}>
      <Notifications />
    </Suspense>
  );
}
