import { IconFolders, IconHistory, IconSearch, IconSend, IconUsers } from '@tabler/icons-react';
import { useParams } from 'react-router';
import { EmptyPanel } from '../../components/EmptyPanel.tsx';

const toSend = { label: 'Send certificates', to: '/send', icon: <IconSend size={16} /> };

/** The Store's tabs each show what has been sent, seen one way. */
export function StoreProjectsPage() {
  return (
    <EmptyPanel
      icon={<IconFolders size={26} stroke={1.6} />}
      title="No projects yet"
      description="Every send becomes a project here, with its recipients, delivery status, downloads and resends."
      action={toSend}
    />
  );
}

export function StoreProjectPage() {
  const { id } = useParams();
  return (
    <EmptyPanel
      icon={<IconFolders size={26} stroke={1.6} />}
      title={`Project ${id ?? ''}`.trim()}
      description="Recipients, delivery status and certificate downloads for this project appear here once it has been sent."
      action={{ label: 'All projects', to: '/store' }}
    />
  );
}

export function StoreRecipientsPage() {
  return (
    <EmptyPanel
      icon={<IconUsers size={26} stroke={1.6} />}
      title="No recipients yet"
      description="Everyone who has received a certificate from your account, with what they received and when."
      action={toSend}
    />
  );
}

export function StoreSearchPage() {
  return (
    <EmptyPanel
      icon={<IconSearch size={26} stroke={1.6} />}
      title="Search every certificate"
      description="Find a certificate by recipient name, email address or certificate number, across all your projects."
      action={toSend}
    />
  );
}

export function StoreHistoryPage() {
  return (
    <EmptyPanel
      icon={<IconHistory size={26} stroke={1.6} />}
      title="No deliveries yet"
      description="A timeline of every send and resend, with opens, bounces and downloads as they happen."
      action={toSend}
    />
  );
}

export function StoreHistoryItemPage() {
  const { id } = useParams();
  return (
    <EmptyPanel
      icon={<IconHistory size={26} stroke={1.6} />}
      title={`Delivery ${id ?? ''}`.trim()}
      description="The recipients of this delivery and what happened to each message."
      action={{ label: 'All history', to: '/store/history' }}
    />
  );
}
