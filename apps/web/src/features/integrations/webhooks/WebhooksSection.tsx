import { primaryRole, type WebhookEndpoint } from '@laurel/domain';
import { ActionIcon, Badge, Button, Card, Center, Collapse, Group, Loader, Menu, Stack, Text, Title } from '@mantine/core';
import { modals } from '@mantine/modals';
import { IconDots, IconKey, IconList, IconPencil, IconPlus, IconTrash, IconWebhook } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { errorMessage } from '../../../shared/api/errors.ts';
import { queryClient } from '../../../shared/api/query-client.ts';
import { LoadFailed } from '../../../shared/components/LoadFailed.tsx';
import { notifyError, notifySuccess } from '../../../shared/lib/notify.ts';
import { useSignedInUser } from '../../../shared/session/queries.ts';
import { createWebhook, deleteWebhook, listWebhooks, rollWebhookSecret, updateWebhook, WEBHOOKS_KEY } from './api.ts';
import { DeliveryLog } from './DeliveryLog.tsx';
import { EndpointFormModal, type EndpointValues } from './EndpointFormModal.tsx';
import { SecretModal } from './SecretModal.tsx';

type Dialog = { kind: 'add' } | { kind: 'edit'; endpoint: WebhookEndpoint } | null;

const refresh = () => queryClient.invalidateQueries({ queryKey: WEBHOOKS_KEY });

/**
 * Webhook endpoints of the account (account admins): where Laurel POSTs signed events about its
 * certificates, each endpoint's events, its signing secret (shown once) and its delivery log.
 */
export function WebhooksSection() {
  const me = useSignedInUser();
  const isAdmin = primaryRole(me) === 'account_admin';
  const query = useQuery({ queryKey: WEBHOOKS_KEY, queryFn: listWebhooks, enabled: isAdmin });
  const [dialog, setDialog] = useState<Dialog>(null);
  const [secret, setSecret] = useState<string | null>(null);
  const [open, setOpen] = useState<number | null>(null);

  const save = async (values: EndpointValues) => {
    if (dialog?.kind === 'edit') {
      notifySuccess((await updateWebhook(dialog.endpoint.id, values)).message);
    } else {
      const made = await createWebhook(values);
      setSecret(made.secret);
    }
    setDialog(null);
    await refresh();
  };

  const remove = (endpoint: WebhookEndpoint) =>
    modals.openConfirmModal({
      title: 'Delete this endpoint?',
      children: <Text size="sm">{endpoint.url} will receive no more events, and its delivery log is deleted.</Text>,
      labels: { confirm: 'Delete endpoint', cancel: 'Cancel' },
      confirmProps: { color: 'red' },
      onConfirm: async () => {
        try {
          notifySuccess((await deleteWebhook(endpoint.id)).message);
          await refresh();
        } catch (error) {
          notifyError(errorMessage(error));
        }
      },
    });

  const roll = (endpoint: WebhookEndpoint) =>
    modals.openConfirmModal({
      title: 'Roll the signing secret?',
      children: <Text size="sm">The current secret stops working at once: requests from now on are signed with the new one.</Text>,
      labels: { confirm: 'Roll secret', cancel: 'Cancel' },
      onConfirm: async () => {
        try {
          const rolled = await rollWebhookSecret(endpoint.id);
          setSecret(rolled.secret);
          await refresh();
        } catch (error) {
          notifyError(errorMessage(error));
        }
      },
    });

  return (
    <Card padding="xl" shadow="xs" component="section" aria-labelledby="webhooks-title">
      <Group justify="space-between" align="flex-start" mb="md">
        <div>
          <Group gap="xs">
            <IconWebhook size={20} />
            <Title order={3} size="h4" id="webhooks-title">
              Webhooks
            </Title>
          </Group>
          <Text size="sm" c="dimmed" maw={620}>
            Laurel POSTs a signed JSON event to your endpoint when a certificate is delivered, bounces, is opened, downloaded or revoked,
            and when a send starts. Failed deliveries are retried for three days.
          </Text>
        </div>
        {isAdmin && (
          <Button leftSection={<IconPlus size={16} />} onClick={() => setDialog({ kind: 'add' })}>
            Add endpoint
          </Button>
        )}
      </Group>

      {!isAdmin ? (
        <Text size="sm">Only the account’s admins manage webhooks.</Text>
      ) : query.isError ? (
        <LoadFailed title="Webhooks could not be loaded" error={query.error} onRetry={() => void query.refetch()} />
      ) : !query.data ? (
        <Center p="md">
          <Loader size="sm" />
        </Center>
      ) : query.data.webhooks.length === 0 ? (
        <Text size="sm">No endpoints yet. Add one to receive events in your CRM, LMS or automation tool.</Text>
      ) : (
        <Stack gap="sm">
          {query.data.webhooks.map((endpoint) => (
            <Card key={endpoint.id} withBorder padding="sm" aria-label={`Endpoint ${endpoint.url}`}>
              <Group justify="space-between" wrap="nowrap">
                <Stack gap={2} style={{ minWidth: 0 }}>
                  <Group gap="xs">
                    <Text fw={600} size="sm" style={{ wordBreak: 'break-all' }}>
                      {endpoint.url}
                    </Text>
                    <Badge variant="light" color={endpoint.enabled ? 'green' : 'gray'}>
                      {endpoint.enabled ? 'Enabled' : 'Disabled'}
                    </Badge>
                  </Group>
                  <Text size="xs" c="dimmed">
                    {[endpoint.description, endpoint.events.join(', '), `secret ${endpoint.secret_hint}`].filter(Boolean).join(' · ')}
                  </Text>
                </Stack>
                <Group gap="xs" wrap="nowrap">
                  <Button
                    size="xs"
                    variant="light"
                    leftSection={<IconList size={14} />}
                    onClick={() => setOpen(open === endpoint.id ? null : endpoint.id)}
                    aria-expanded={open === endpoint.id}
                  >
                    {open === endpoint.id ? 'Hide deliveries' : 'Deliveries'}
                  </Button>
                  <Menu position="bottom-end">
                    <Menu.Target>
                      <ActionIcon variant="subtle" aria-label={`Actions for ${endpoint.url}`}>
                        <IconDots size={18} />
                      </ActionIcon>
                    </Menu.Target>
                    <Menu.Dropdown>
                      <Menu.Item leftSection={<IconPencil size={14} />} onClick={() => setDialog({ kind: 'edit', endpoint })}>
                        Edit
                      </Menu.Item>
                      <Menu.Item leftSection={<IconKey size={14} />} onClick={() => roll(endpoint)}>
                        Roll secret
                      </Menu.Item>
                      <Menu.Item color="red" leftSection={<IconTrash size={14} />} onClick={() => remove(endpoint)}>
                        Delete
                      </Menu.Item>
                    </Menu.Dropdown>
                  </Menu>
                </Group>
              </Group>
              <Collapse expanded={open === endpoint.id}>{open === endpoint.id && <DeliveryLog endpointId={endpoint.id} />}</Collapse>
            </Card>
          ))}
        </Stack>
      )}

      {dialog && (
        <EndpointFormModal endpoint={dialog.kind === 'edit' ? dialog.endpoint : null} onClose={() => setDialog(null)} onSave={save} />
      )}
      <SecretModal secret={secret} onClose={() => setSecret(null)} />
    </Card>
  );
}
