import type { IconTemplate } from '@tabler/icons-react';

/** The heading parts of the super-admin screens (docs/product/access-and-routes.md#screens admin routes); their tools arrive with the admin features. */
export const icon = (Icon: typeof IconTemplate) => <Icon size={26} stroke={1.6} />;
export const eyebrow = 'Admin';
