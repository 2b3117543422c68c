import { startsWithSegment } from '@laurel/domain';
import { Tabs } from '@mantine/core';
import { IconFolders, IconHistory, IconSearch, IconUsers } from '@tabler/icons-react';
import { Outlet, useLocation, useNavigate } from 'react-router';
import { PageHeader } from '../../shared/components/PageHeader.tsx';

const TABS = [
  { value: '/store', label: 'Projects', icon: IconFolders },
  { value: '/store/recipients', label: 'Recipients', icon: IconUsers },
  { value: '/store/search', label: 'Search', icon: IconSearch },
  { value: '/store/history', label: 'History', icon: IconHistory },
] as const;

function activeTab(path: string): string {
  if (startsWithSegment(path, '/store/projects')) return '/store';
  return [...TABS].reverse().find((tab) => startsWithSegment(path, tab.value))?.value ?? '/store';
}

/** The Store: everything already sent, seen by project, by recipient, by search or over time. */
export function StoreLayout() {
  const { pathname } = useLocation();
  const navigate = useNavigate();
  return (
    <>
      <PageHeader
        eyebrow="Store"
        tutorial="store"
        title="Sent certificates"
        description="Every project you have sent, every recipient who received a certificate, and a record of each delivery."
      />
      <Tabs value={activeTab(pathname)} onChange={(value) => value && navigate(value)} mb="xl" keepMounted={false}>
        <Tabs.List>
          {TABS.map((tab) => (
            <Tabs.Tab key={tab.value} value={tab.value} leftSection={<tab.icon size={16} stroke={1.7} />}>
              {tab.label}
            </Tabs.Tab>
          ))}
        </Tabs.List>
      </Tabs>
      <Outlet />
    </>
  );
}
