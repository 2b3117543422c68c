import { headerName, primaryRole, type UserDto } from '@laurel/domain';
import { Avatar, Group, Menu, Text, UnstyledButton } from '@mantine/core';
import { IconChevronDown, IconLogout, IconShieldCheck, IconUserCircle } from '@tabler/icons-react';
import { Link } from 'react-router';
import { useSignOut } from '../../shared/session/useSignOut.ts';

const ROLE_LABELS: Record<string, string> = {
  global_admin: 'Super-admin',
  account_admin: 'Account admin',
  account_user: 'Team member',
};

function initials(user: UserDto): string {
  const letters = `${user.first_name.charAt(0)}${user.last_name.charAt(0)}`.trim();
  return (letters || user.email.charAt(0)).toUpperCase();
}

/** The header's name (docs/product/access-and-routes.md#screens rule) with the account and sign-out actions. */
export function UserMenu({ user }: { user: UserDto }) {
  const signOut = useSignOut();
  const name = headerName(user);
  const role = primaryRole(user);
  return (
    <Menu position="bottom-end" width={240} shadow="md" withinPortal>
      {/* The button is named by what it shows (initials, then the name): other words would hide them (WCAG 2.5.3). */}
      <Menu.Target>
        <UnstyledButton data-testid="user-menu" px={6} py={4} style={{ borderRadius: 10 }}>
          <Group gap={10} wrap="nowrap">
            <Avatar radius="xl" size={32} color="laurel" variant="light" src={user.image ?? undefined}>
              {initials(user)}
            </Avatar>
            <Text size="sm" fw={600} maw={200} truncate visibleFrom="sm" data-testid="header-name">
              {name}
            </Text>
            <IconChevronDown size={14} stroke={1.8} color="var(--mantine-color-stone-5)" />
          </Group>
        </UnstyledButton>
      </Menu.Target>
      <Menu.Dropdown>
        <Menu.Label>
          <Text size="sm" fw={600} c="black" truncate>
            {`${user.first_name} ${user.last_name}`.trim() || user.username}
          </Text>
          <Text size="xs" c="dimmed" truncate>
            {user.email}
          </Text>
          {role && (
            <Text size="xs" c="laurel.7" mt={2}>
              {ROLE_LABELS[role]}
            </Text>
          )}
        </Menu.Label>
        <Menu.Divider />
        <Menu.Item component={Link} to="/account" leftSection={<IconUserCircle size={16} />}>
          Account
        </Menu.Item>
        {role === 'global_admin' && (
          <Menu.Item component={Link} to="/admin/accounts" leftSection={<IconShieldCheck size={16} />}>
            Admin area
          </Menu.Item>
        )}
        <Menu.Divider />
        <Menu.Item leftSection={<IconLogout size={16} />} onClick={() => void signOut()}>
          Sign out
        </Menu.Item>
      </Menu.Dropdown>
    </Menu>
  );
}
