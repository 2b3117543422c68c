import { IconSend } from '@tabler/icons-react';
import type { ReactNode } from 'react';
import { EmptyPanel } from '../../shared/components/EmptyPanel.tsx';

/** A Store list with nothing in it yet: what it will hold, and the way to the send wizard that fills it. */
export function NothingSentYet({ icon, title, description }: { icon: ReactNode; title: string; description: string }) {
  return (
    <EmptyPanel
      icon={icon}
      title={title}
      description={description}
      action={{ label: 'Send certificates', to: '/send', icon: <IconSend size={16} /> }}
    />
  );
}
