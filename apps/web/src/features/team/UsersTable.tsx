import type { AccountUserDto, TeamUserStatus } from '@laurel/domain';
import { ActionIcon, Badge, Menu, Switch, Table, Text, VisuallyHidden } from '@mantine/core';
import { IconArrowsExchange, IconDots, IconMailForward, IconPencil, IconTrash, IconUserShare } from '@tabler/icons-react';
import { formatDate } from '../../shared/lib/format.ts';

const STATUS: Record<TeamUserStatus, { label: string; color: string }> = {
  active: { label: 'Active', color: 'laurel' },
  inactive: { label: 'Inactive', color: 'stone' },
  invited: { label: 'Invitation sent', color: 'gilt' },
};

const ROLE: Record<string, string> = { account_admin: 'Admin', account_user: 'User', global_admin: 'Super-admin' };

export const fullName = (user: Pick<AccountUserDto, 'first_name' | 'last_name' | 'email'>) =>
  `${user.first_name} ${user.last_name}`.trim() || user.email;

const credits = (user: AccountUserDto) => {
  if (user.role !== 'account_user' || user.allocated_credits < 0) return 'Unlimited';
  const refill = user.auto_refill_credits ? `, +${user.refill_credits}/month` : '';
  return `${user.allocated_credits} of ${user.original_allocated_credits}${refill}`;
};

export interface RowActions {
  /** Whether the plan allows more than deactivating and deleting. */
  mayManage: boolean;
  /** The active flag as the screen shows it (changed at once, reverted if the server refuses). */
  activeOf: (user: AccountUserDto) => boolean;
  onToggleActive: (user: AccountUserDto, active: boolean) => void;
  onEdit: (user: AccountUserDto) => void;
  onDelete: (user: AccountUserDto) => void;
  onImpersonate: (user: AccountUserDto) => void;
  onTransfer: (user: AccountUserDto) => void;
  onResend: (user: AccountUserDto) => void;
}

/** The account's users: name, address, role, status, credits, when added; the row's actions for sub-users. */
export function UsersTable({ users, actions }: { users: AccountUserDto[]; actions: RowActions }) {
  return (
    <Table.ScrollContainer minWidth={720}>
      <Table verticalSpacing="sm" horizontalSpacing="md" highlightOnHover aria-label="Account users">
        <Table.Thead bg="stone.0">
          <Table.Tr>
            <Table.Th>Name</Table.Th>
            <Table.Th>Role</Table.Th>
            <Table.Th>Status</Table.Th>
            <Table.Th>Credits</Table.Th>
            <Table.Th>Created</Table.Th>
            <Table.Th>Active</Table.Th>
            <Table.Th w={50}>
              <VisuallyHidden>Actions</VisuallyHidden>
            </Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {users.map((user) => {
            const sub = user.role === 'account_user';
            const active = actions.activeOf(user);
            const status = STATUS[sub && user.status !== 'invited' ? (active ? 'active' : 'inactive') : user.status];
            return (
              <Table.Tr key={user.id}>
                <Table.Td>
                  <Text size="sm" fw={600}>
                    {fullName(user)}
                  </Text>
                  <Text size="xs" c="stone.6">
                    {user.email}
                  </Text>
                </Table.Td>
                <Table.Td>
                  <Text size="sm">{ROLE[user.role] ?? user.role}</Text>
                </Table.Td>
                <Table.Td>
                  <Badge color={status.color} variant="light" style={{ flexShrink: 0 }} miw="max-content">
                    {status.label}
                  </Badge>
                </Table.Td>
                <Table.Td>
                  <Text size="sm">{credits(user)}</Text>
                </Table.Td>
                <Table.Td>
                  <Text size="sm" c="stone.6" style={{ whiteSpace: 'nowrap' }}>
                    {formatDate(user.created_at)}
                  </Text>
                </Table.Td>
                <Table.Td>
                  {sub && (
                    <Switch
                      aria-label={`${fullName(user)} active`}
                      checked={active}
                      disabled={!active && !actions.mayManage}
                      onChange={(e) => actions.onToggleActive(user, e.currentTarget.checked)}
                    />
                  )}
                </Table.Td>
                <Table.Td>
                  {sub && (
                    <Menu position="bottom-end" withinPortal>
                      <Menu.Target>
                        <ActionIcon variant="subtle" color="stone" aria-label={`Actions for ${fullName(user)}`}>
                          <IconDots size={18} />
                        </ActionIcon>
                      </Menu.Target>
                      <Menu.Dropdown>
                        {actions.mayManage && (
                          <>
                            <Menu.Item leftSection={<IconPencil size={16} />} onClick={() => actions.onEdit(user)}>
                              Edit
                            </Menu.Item>
                            <Menu.Item
                              leftSection={<IconUserShare size={16} />}
                              disabled={!active}
                              onClick={() => actions.onImpersonate(user)}
                            >
                              Act as this user
                            </Menu.Item>
                            <Menu.Item leftSection={<IconArrowsExchange size={16} />} onClick={() => actions.onTransfer(user)}>
                              Transfer projects
                            </Menu.Item>
                            {user.status === 'invited' && (
                              <Menu.Item leftSection={<IconMailForward size={16} />} onClick={() => actions.onResend(user)}>
                                Send the invitation again
                              </Menu.Item>
                            )}
                          </>
                        )}
                        <Menu.Item color="red" leftSection={<IconTrash size={16} />} onClick={() => actions.onDelete(user)}>
                          Delete
                        </Menu.Item>
                      </Menu.Dropdown>
                    </Menu>
                  )}
                </Table.Td>
              </Table.Tr>
            );
          })}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}
