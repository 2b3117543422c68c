import { primaryRole, type VersionStatus } from '@laurel/domain';
import { Alert, Anchor, Badge, Button, Card, Group, SimpleGrid, Skeleton, Stack, Text } from '@mantine/core';
import { IconAlertTriangle, IconCircleCheck, IconExternalLink, IconInfoCircle, IconRefresh, IconSparkles } from '@tabler/icons-react';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { errorMessage } from '../../shared/api/errors.ts';
import { LoadFailed } from '../../shared/components/LoadFailed.tsx';
import { PageHeader } from '../../shared/components/PageHeader.tsx';
import { formatDateTime } from '../../shared/lib/format.ts';
import { notifyError } from '../../shared/lib/notify.ts';
import { useSignedInUser } from '../../shared/session/queries.ts';
import { getVersionStatus } from './api.ts';
import { accountKeys } from './query-keys.ts';

const VERSION_KEY = accountKeys.version();

function Figure({ label, value }: { label: string; value: string }) {
  return (
    <Stack gap={2}>
      <Text size="xs" c="stone.5" fw={600} tt="uppercase" style={{ letterSpacing: '0.06em' }}>
        {label}
      </Text>
      <Text fw={600} ff="monospace">
        {value}
      </Text>
    </Stack>
  );
}

/** What the comparison says, once the feed has been read (or could not be). */
function Verdict({ status }: { status: VersionStatus }) {
  if (!status.source)
    return (
      <Alert color="gray" variant="light" icon={<IconInfoCircle size={18} />} title="No release feed is configured">
        The operator of this Laurel has not set a release feed (UPDATE_FEED_URL), so newer versions cannot be looked up.
      </Alert>
    );
  return (
    <Stack gap="md">
      {status.error && (
        <Alert color="red" variant="light" icon={<IconAlertTriangle size={18} />} title="The release feed could not be read" role="alert">
          {status.error}
          {status.latest && ' The newest version shown is the one read before.'}
        </Alert>
      )}
      {status.latest && !status.update_available && (
        <Alert color="laurel" variant="light" icon={<IconCircleCheck size={18} />} title="Laurel is up to date">
          You are running the newest version, {status.latest.version}.
        </Alert>
      )}
      {status.latest && status.update_available && (
        <Alert color="gilt" variant="light" icon={<IconSparkles size={18} />} title={`Version ${status.latest.version} is available`}>
          <Stack gap="xs">
            {status.latest.notes && (
              <Text size="sm" style={{ whiteSpace: 'pre-line' }}>
                {status.latest.notes}
              </Text>
            )}
            {status.latest.url && (
              <Anchor href={status.latest.url} target="_blank" rel="noopener noreferrer" size="sm">
                <Group gap={4} component="span">
                  What is new in {status.latest.version} <IconExternalLink size={14} />
                </Group>
              </Anchor>
            )}
          </Stack>
        </Alert>
      )}
    </Stack>
  );
}

/** /account/updates (docs/product/account.md#screens): the running version against the newest release the operator's feed names. */
export function UpdatesPage() {
  const user = useSignedInUser();
  const role = primaryRole(user);
  const allowed = role === 'account_admin' || role === 'global_admin';
  const queryClient = useQueryClient();
  const [refreshing, setRefreshing] = useState(false);
  const status = useQuery({ queryKey: VERSION_KEY, queryFn: () => getVersionStatus(false), enabled: allowed });

  const refresh = async () => {
    setRefreshing(true);
    try {
      queryClient.setQueryData(VERSION_KEY, await getVersionStatus(true));
    } catch (error) {
      notifyError(errorMessage(error));
    } finally {
      setRefreshing(false);
    }
  };

  const header = (
    <PageHeader
      eyebrow="Account"
      title="Updates"
      description="Which version of Laurel is running, and whether a newer one has been released."
      actions={
        allowed && status.data?.source ? (
          <Button leftSection={<IconRefresh size={16} />} variant="default" loading={refreshing} onClick={() => void refresh()}>
            Refresh
          </Button>
        ) : undefined
      }
    />
  );
  if (!allowed)
    return (
      <>
        {header}
        <Alert color="gray" variant="light" icon={<IconInfoCircle size={18} />}>
          Your account administrator sees which version is running and whether an update is available.
        </Alert>
      </>
    );
  return (
    <>
      {header}
      {status.isError && <LoadFailed title="The version could not be read" error={status.error} onRetry={() => void status.refetch()} />}
      <Stack gap="lg" maw={720}>
        <Card padding="xl" shadow="xs">
          {status.data ? (
            <Stack gap="lg">
              <SimpleGrid cols={{ base: 1, sm: 3 }} spacing="lg">
                <Figure label="Running" value={status.data.current} />
                <Figure label="Latest known" value={status.data.latest?.version ?? '—'} />
                <Figure label="Last checked" value={status.data.checked_at ? formatDateTime(status.data.checked_at) : '—'} />
              </SimpleGrid>
              {status.data.source && (
                <Group gap="xs">
                  <Text size="sm" c="stone.6">
                    Release feed
                  </Text>
                  <Badge variant="light" color="gray">
                    {status.data.source}
                  </Badge>
                </Group>
              )}
            </Stack>
          ) : (
            !status.isError && <Skeleton height={64} />
          )}
        </Card>
        {status.data && <Verdict status={status.data} />}
      </Stack>
    </>
  );
}
