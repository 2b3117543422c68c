import { ACCOUNT_DELETION_MESSAGES, DELETE_ACCOUNT_SENTENCE, primaryRole } from '@laurel/domain';
import { Alert, Button, Card, Code, List, PasswordInput, SimpleGrid, Skeleton, Stack, Text, TextInput } from '@mantine/core';
import { IconAlertTriangle, IconTrash } from '@tabler/icons-react';
import { useMutation, useQuery } from '@tanstack/react-query';
import { type FormEvent, useState } from 'react';
import { ApiError } from '../../shared/api/errors.ts';
import { LoadFailed } from '../../shared/components/LoadFailed.tsx';
import { PageHeader } from '../../shared/components/PageHeader.tsx';
import { notifySuccess } from '../../shared/lib/notify.ts';
import { useSignedInUser } from '../../shared/session/queries.ts';
import { useSignOut } from '../../shared/session/useSignOut.ts';
import { deleteAccount, getDeletionSummary } from './api.ts';
import { accountKeys } from './query-keys.ts';

function Figure({ label, value }: { label: string; value: number | undefined }) {
  return (
    <Stack gap={0}>
      {value === undefined ? (
        <Skeleton height={28} width={48} />
      ) : (
        <Text fz={26} fw={700} data-testid={`count-${label}`}>
          {value.toLocaleString()}
        </Text>
      )}
      <Text size="sm" c="stone.6">
        {label}
      </Text>
    </Stack>
  );
}

/**
 * /account/delete (docs/product/account.md#rules-and-limits, docs/product/account.md#messages): what goes, the sentence typed exactly, then the password. The account
 * closes at once and its data is removed in the background, so the admin is signed out straight away.
 */
export function DeleteAccountPage() {
  const user = useSignedInUser();
  const account = user.account;
  const isAdmin = primaryRole(user) === 'account_admin' && !!account;
  const signOut = useSignOut();
  const [sentence, setSentence] = useState('');
  const [sentenceError, setSentenceError] = useState<string | null>(null);
  const [password, setPassword] = useState('');
  const [failure, setFailure] = useState<string | null>(null);

  const summary = useQuery({
    queryKey: accountKeys.deletionSummary(account?.id),
    queryFn: () => getDeletionSummary(account!.id),
    enabled: isAdmin,
  });

  const deletion = useMutation({
    mutationFn: () => deleteAccount(account!.id, password),
    onSuccess: async () => {
      await signOut({ quietly: true });
      notifySuccess(ACCOUNT_DELETION_MESSAGES.requested);
    },
    onError: (error) => {
      if (error instanceof ApiError && error.status === 403) setFailure(ACCOUNT_DELETION_MESSAGES.wrongPassword);
      else if (error instanceof ApiError && error.status === 429) setFailure(error.body.message);
      else setFailure(ACCOUNT_DELETION_MESSAGES.failed);
    },
  });

  const submit = (event: FormEvent) => {
    event.preventDefault();
    setFailure(null);
    if (sentence !== DELETE_ACCOUNT_SENTENCE) {
      setSentenceError(ACCOUNT_DELETION_MESSAGES.sentenceMismatch);
      return;
    }
    setSentenceError(null);
    deletion.mutate();
  };

  const header = (
    <PageHeader
      eyebrow="Account"
      title="Delete account"
      description="Permanently delete this account and everything in it. This cannot be undone."
    />
  );
  if (!isAdmin) {
    return (
      <>
        {header}
        <Alert color="gilt" variant="light" icon={<IconAlertTriangle size={18} />} title="Only the account administrator can do this">
          Ask the administrator of your account if it should be deleted.
        </Alert>
      </>
    );
  }

  const counts = summary.data;
  return (
    <>
      {header}
      <Stack gap="lg" maw={720}>
        {summary.isError && (
          <LoadFailed title="The account's contents could not be counted" error={summary.error} onRetry={() => void summary.refetch()} />
        )}
        <Card padding="xl" shadow="xs">
          <Stack gap="lg">
            <Text fw={650}>What will be removed from {account.name}</Text>
            <SimpleGrid cols={{ base: 2, sm: 4 }} spacing="lg">
              <Figure label="certificate sets" value={counts?.sets} />
              <Figure label="projects" value={counts?.projects} />
              <Figure label="recipients" value={counts?.recipients} />
              <Figure label="users" value={counts?.users} />
            </SimpleGrid>
            <List size="sm" c="stone.7" spacing={4}>
              <List.Item>Every user of the account is signed out at once and can no longer sign in.</List.Item>
              <List.Item>Designs, projects, recipients, uploads, fonts, mappings, exports and emails are deleted.</List.Item>
              <List.Item>Certificate links you sent will say the certificate was withdrawn by its issuer.</List.Item>
              <List.Item>Unused credits are forfeited. The account address ({account.url}) becomes free for others.</List.Item>
            </List>
          </Stack>
        </Card>
        <Card padding="xl" shadow="xs" component="form" onSubmit={submit} noValidate>
          <Stack gap="md">
            <Text size="sm">
              To confirm, type <Code fw={600}>{DELETE_ACCOUNT_SENTENCE}</Code> below, then your password.
            </Text>
            <TextInput
              label="Confirmation sentence"
              value={sentence}
              onChange={(event) => setSentence(event.currentTarget.value)}
              error={sentenceError}
              autoComplete="off"
              required
            />
            <PasswordInput
              label="Password"
              value={password}
              onChange={(event) => setPassword(event.currentTarget.value)}
              autoComplete="current-password"
              required
            />
            {failure && (
              <Alert color="red" variant="light" icon={<IconAlertTriangle size={18} />} role="alert">
                {failure}
              </Alert>
            )}
            <Button
              type="submit"
              color="red"
              leftSection={<IconTrash size={16} />}
              loading={deletion.isPending}
              disabled={!password}
              style={{ alignSelf: 'flex-start' }}
            >
              Delete account permanently
            </Button>
          </Stack>
        </Card>
      </Stack>
    </>
  );
}
