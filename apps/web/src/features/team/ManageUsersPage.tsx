import { type AccountUserDto, DEFAULT_PAGE_SIZE, primaryRole } from '@laurel/domain';
import { Alert, Anchor, Button, Card, Center, Loader, Text } from '@mantine/core';
import { modals } from '@mantine/modals';
import { IconAddressBook, IconLock, IconUserPlus } from '@tabler/icons-react';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { Link, useNavigate } from 'react-router';
import { errorMessage } from '../../shared/api/errors.ts';
import { queryClient } from '../../shared/api/query-client.ts';
import { setToken } from '../../shared/api/token.ts';
import { EmptyPanel } from '../../shared/components/EmptyPanel.tsx';
import { PageHeader } from '../../shared/components/PageHeader.tsx';
import { TablePager } from '../../shared/components/TablePager.tsx';
import { FormError } from '../../shared/forms/FormError.tsx';
import { plural } from '../../shared/lib/format.ts';
import { notifyError, notifySuccess } from '../../shared/lib/notify.ts';
import { USER_KEY, useSignedInUser } from '../../shared/session/queries.ts';
import {
  addAccountUser,
  deleteAccountUser,
  impersonateAccountUser,
  listAccountUsers,
  resendInvitation,
  TEAM_KEY,
  toggleActive,
  updateAccountUser,
} from './api.ts';
import { teamKeys } from './query-keys.ts';
import { TransferProjectsModal } from './TransferProjectsModal.tsx';
import { UserFormModal, type UserFormValues } from './UserFormModal.tsx';
import { fullName, UsersTable } from './UsersTable.tsx';

type Dialog = { kind: 'add' } | { kind: 'edit'; user: AccountUserDto } | { kind: 'transfer'; user: AccountUserDto } | null;

const refresh = () => queryClient.invalidateQueries({ queryKey: TEAM_KEY });

/**
 * /account/manage-users (docs/product/roles-and-sub-users.md#screens "Manage users"): the account's users, newest first, and what the admin
 * does with them: add (an invitation by email), edit rights and credits, activate, act as, transfer
 * projects, delete. Without a plan that allows it the screen says so and links to the subscription.
 */
export function ManageUsersPage() {
  const me = useSignedInUser();
  const navigate = useNavigate();
  const accountId = me.account?.id ?? 0;
  const isAdmin = primaryRole(me) !== 'account_user';
  const [page, setPage] = useState(1);
  const [size, setSize] = useState<number>(DEFAULT_PAGE_SIZE);
  const [dialog, setDialog] = useState<Dialog>(null);
  // The switch moves at once; a refusal puts it back (docs/product/roles-and-sub-users.md#flows).
  const [activeOverride, setActiveOverride] = useState<Record<number, boolean>>({});

  const query = useQuery({
    queryKey: teamKeys.users(accountId, page, size),
    queryFn: () => listAccountUsers(accountId, page, size),
    placeholderData: keepPreviousData,
    enabled: accountId > 0 && isAdmin,
  });
  // Everyone of the account (at most 50 sub-users), for "whose projects" and the transfer's target.
  const everyone = useQuery({
    queryKey: teamKeys.users(accountId, 'all'),
    queryFn: () => listAccountUsers(accountId, 1, 100),
    enabled: accountId > 0 && isAdmin,
  });

  const data = query.data;
  const limits = data?.limits;
  const total = data?.total ?? 0;
  const subUsers = (data?.data ?? []).filter((u) => u.role === 'account_user');

  const onToggleActive = async (user: AccountUserDto, active: boolean) => {
    setActiveOverride((o) => ({ ...o, [user.id]: active }));
    try {
      await toggleActive(user.id, active);
      await refresh();
    } catch (error) {
      notifyError(errorMessage(error));
    } finally {
      setActiveOverride(({ [user.id]: _, ...rest }) => rest);
    }
  };

  const onDelete = (user: AccountUserDto) =>
    modals.openConfirmModal({
      title: `Delete ${fullName(user)}?`,
      children: (
        <Text size="sm">{fullName(user)} will no longer be able to sign in. Their projects stay with the account and pass to you.</Text>
      ),
      labels: { confirm: 'Delete user', cancel: 'Cancel' },
      confirmProps: { color: 'red' },
      onConfirm: async () => {
        try {
          notifySuccess((await deleteAccountUser(user.id)).message);
          await refresh();
        } catch (error) {
          notifyError(errorMessage(error));
        }
      },
    });

  const onImpersonate = async (user: AccountUserDto) => {
    try {
      const { token, location } = await impersonateAccountUser(user.id);
      setToken(token);
      // Nothing read as the admin may show in the sub-user's screens.
      queryClient.removeQueries({ predicate: (q) => !['config', USER_KEY[0]].includes(String(q.queryKey[0])) });
      await queryClient.invalidateQueries({ queryKey: USER_KEY });
      void navigate(location, { replace: true });
    } catch (error) {
      notifyError(errorMessage(error));
    }
  };

  const onResend = async (user: AccountUserDto) => {
    try {
      notifySuccess((await resendInvitation(user.id)).message);
    } catch (error) {
      notifyError(errorMessage(error));
    }
  };

  const save = async (values: UserFormValues) => {
    const { email, ...fields } = values;
    const reply = dialog?.kind === 'edit' ? await updateAccountUser(dialog.user.id, fields) : await addAccountUser({ ...fields, email });
    notifySuccess(reply.message);
    setDialog(null);
    await refresh();
  };

  const full = !!limits && (limits.total_users >= limits.max_users || limits.active_users >= limits.max_active_users);

  return (
    <>
      <PageHeader
        eyebrow="Account"
        title="Users"
        description="Invite colleagues to design and send on this account, and choose exactly which certificate sets each one may use."
        actions={
          limits?.may_manage && (
            <Button leftSection={<IconUserPlus size={16} />} onClick={() => setDialog({ kind: 'add' })} disabled={full}>
              Add user
            </Button>
          )
        }
      />
      {!isAdmin && (
        <EmptyPanel
          icon={<IconLock size={26} stroke={1.6} />}
          title="Users are managed by your account's administrator"
          description="Ask them to add colleagues or to change what you may do."
        />
      )}
      {query.isError && <FormError>{errorMessage(query.error)}</FormError>}
      {isAdmin && query.isPending && (
        <Center py={80}>
          <Loader />
        </Center>
      )}
      {limits && !limits.may_manage && subUsers.length === 0 && (
        <EmptyPanel
          icon={<IconLock size={26} stroke={1.6} />}
          title="Your plan does not include users"
          description="Adding users needs an active Professional Monthly or Enterprise Monthly subscription, with no plan change pending."
          action={{ label: 'See your subscription', to: '/account/subscription' }}
        />
      )}
      {limits && !limits.may_manage && subUsers.length > 0 && (
        <Alert color="gilt" variant="light" icon={<IconLock size={18} />} mb="md" title="Your plan does not include users">
          You can deactivate or delete the users below. To add, edit or activate users, choose Professional Monthly or Enterprise Monthly on{' '}
          <Anchor component={Link} to="/account/subscription">
            your subscription
          </Anchor>
          .
        </Alert>
      )}
      {limits?.may_manage && (
        <Text size="sm" c="stone.6" mb="sm">
          {`${limits.active_users} of ${plural(limits.max_active_users, 'active user')} · ${limits.total_users} of ${plural(limits.max_users, 'user')}`}
        </Text>
      )}
      {limits?.may_manage && subUsers.length === 0 && page === 1 && (
        <EmptyPanel
          icon={<IconAddressBook size={26} stroke={1.6} />}
          title="Work together on certificates"
          description="Team members get their own sign-in, their own credits allowance and only the rights you give them."
        >
          <Button leftSection={<IconUserPlus size={16} />} onClick={() => setDialog({ kind: 'add' })}>
            Add user
          </Button>
        </EmptyPanel>
      )}
      {data && subUsers.length > 0 && (
        <Card padding={0} shadow="xs">
          <UsersTable
            users={data.data}
            actions={{
              mayManage: !!limits?.may_manage,
              activeOf: (user) => activeOverride[user.id] ?? user.active,
              onToggleActive: (user, active) => void onToggleActive(user, active),
              onEdit: (user) => setDialog({ kind: 'edit', user }),
              onDelete,
              onImpersonate: (user) => void onImpersonate(user),
              onTransfer: (user) => setDialog({ kind: 'transfer', user }),
              onResend: (user) => void onResend(user),
            }}
          />
          <TablePager
            label="User pages"
            page={page}
            size={size}
            total={total}
            onPage={setPage}
            onSize={(value) => {
              setSize(value);
              setPage(1);
            }}
          />
        </Card>
      )}
      {limits && (dialog?.kind === 'add' || dialog?.kind === 'edit') && (
        <UserFormModal
          user={dialog.kind === 'edit' ? dialog.user : null}
          colleagues={everyone.data?.data ?? []}
          limits={limits}
          onClose={() => setDialog(null)}
          onSubmit={save}
        />
      )}
      {dialog?.kind === 'transfer' && (
        <TransferProjectsModal
          source={dialog.user}
          users={everyone.data?.data ?? []}
          onClose={() => setDialog(null)}
          onDone={(message) => {
            notifySuccess(message);
            setDialog(null);
          }}
        />
      )}
    </>
  );
}
