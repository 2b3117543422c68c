import { Avatar, Menu, UnstyledButton, VisuallyHidden } from '@mantine/core';
import { IconLogout, IconPencil, IconTrash } from '@tabler/icons-react';
import { useState } from 'react';
import { useCurrentUser } from '../../shared/session/queries.ts';
import { useSignOut } from '../../shared/session/useSignOut.ts';
import { ChangeNameDialog } from './ChangeNameDialog.tsx';
import { DeletePortalAccountDialog } from './DeletePortalAccountDialog.tsx';

/** The signed-in recipient's menu in the portal header: their name, and the two dialogs of docs/product/recipient-portal.md#screens. */
export function PortalAccountMenu() {
  const { data: user } = useCurrentUser();
  const signOut = useSignOut();
  const [dialog, setDialog] = useState<'name' | 'delete' | null>(null);
  if (!user) return null;
  const name = `${user.first_name} ${user.last_name}`.trim() || user.email;
  return (
    <>
      <Menu position="bottom-end" width={220}>
        {/* Named by hidden words, not aria-label: the initials shown then contradict no name (WCAG 2.5.3). */}
        <Menu.Target>
          <UnstyledButton>
            <Avatar radius="xl" color="laurel" name={name} aria-hidden />
            <VisuallyHidden>{`Account menu of ${name}`}</VisuallyHidden>
          </UnstyledButton>
        </Menu.Target>
        <Menu.Dropdown>
          <Menu.Label>{name}</Menu.Label>
          <Menu.Item leftSection={<IconPencil size={16} />} onClick={() => setDialog('name')}>
            Change name
          </Menu.Item>
          <Menu.Item leftSection={<IconLogout size={16} />} onClick={() => void signOut({ to: '/portal/login' })}>
            Sign out
          </Menu.Item>
          <Menu.Divider />
          <Menu.Item color="red" leftSection={<IconTrash size={16} />} onClick={() => setDialog('delete')}>
            Delete my account
          </Menu.Item>
        </Menu.Dropdown>
      </Menu>
      {dialog === 'name' && <ChangeNameDialog user={user} opened onClose={() => setDialog(null)} />}
      {dialog === 'delete' && <DeletePortalAccountDialog user={user} opened onClose={() => setDialog(null)} />}
    </>
  );
}
