import { PERMISSION_MESSAGES } from '@laurel/domain';
import { IconSend } from '@tabler/icons-react';
import { EmptyPanel } from '../../shared/components/EmptyPanel.tsx';
import { PageHeader } from '../../shared/components/PageHeader.tsx';

/** What the send screens show a sub-user without the right to send: the server refuses every step. */
export function NotAllowedToSend() {
  return (
    <>
      <PageHeader eyebrow="Send" title="Send certificates" />
      <EmptyPanel
        icon={<IconSend size={26} stroke={1.6} />}
        title="Access denied"
        description={PERMISSION_MESSAGES.send}
        action={{ label: 'Go to your projects', to: '/store' }}
      />
    </>
  );
}
