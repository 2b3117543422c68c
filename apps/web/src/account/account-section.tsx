import type { IconKey } from '@tabler/icons-react';

/** The heading parts of the account screens whose content comes with their own features (spec 1 §2 account routes). */
export const icon = (Icon: typeof IconKey) => <Icon size={26} stroke={1.6} />;
export const eyebrow = 'Account';
