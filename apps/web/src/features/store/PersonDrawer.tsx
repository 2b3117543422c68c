import type { Person } from '@laurel/domain';
import { Accordion, Alert, Anchor, Badge, Button, Drawer, Group, Skeleton, Stack, Text, Title } from '@mantine/core';
import { IconCertificate } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { Link } from 'react-router';
import { errorMessage } from '../../shared/api/errors.ts';
import { formatDateTime, plural } from '../../shared/lib/format.ts';
import { useSignedInUser } from '../../shared/session/queries.ts';
import { personCertificates } from './api/store.ts';
import { storeKeys } from './query-keys.ts';
import { ActionsMenu } from './recipient/ActionsMenu.tsx';
import { PortalLoginPanel } from './recipient/PortalLoginPanel.tsx';
import { RecipientHistory } from './recipient/RecipientHistory.tsx';
import type { useRecipientActions } from './recipient/useRecipientActions.tsx';
import { RecipientStatus } from './StatusBadge.tsx';

type Actions = ReturnType<typeof useRecipientActions>;

/**
 * One person across the account (docs/product/store.md#screens Recipients: per-recipient detail and history): every
 * certificate they received, from which project, and what happened to each.
 */
export function PersonDrawer({ person, onClose, actions }: { person: Person | null; onClose(): void; actions: Actions }) {
  const user = useSignedInUser();
  const detail = useQuery({
    queryKey: storeKeys.person(person?.email),
    queryFn: () => personCertificates(user.account!.id, person!.email),
    enabled: person !== null,
  });
  const certificates = detail.data?.recipients ?? [];
  const name = person ? `${person.first_name} ${person.last_name}`.trim() : '';

  return (
    <Drawer opened={person !== null} onClose={onClose} position="right" size="lg" title={<Text fw={650}>Recipient</Text>}>
      {person && (
        <Stack gap="lg">
          <div>
            <Title order={2} fz={22} className="display-title">
              {name}
            </Title>
            <Text c="stone.6" size="sm">
              {person.email}
            </Text>
            <Group gap="xs" mt="sm">
              <Badge variant="light" color="laurel">
                {plural(person.certificates, 'certificate')}
              </Badge>
              <Badge variant="light" color="stone">
                {plural(person.projects, 'project')}
              </Badge>
              <Badge variant="light" color="gilt">
                {person.opened} opened
              </Badge>
              {person.undeliverable > 0 && (
                <Badge variant="light" color="red">
                  {person.undeliverable} undeliverable
                </Badge>
              )}
            </Group>
          </div>
          {/* Only the account's admins act on portal sign-ins (docs/product/store.md#who-may-do-what). */}
          {user.roles[0]?.name !== 'account_user' && certificates[0] && <PortalLoginPanel recipientId={certificates[0].id} />}
          {detail.isPending && <Skeleton h={200} />}
          {detail.isError && <Alert color="red">{errorMessage(detail.error)}</Alert>}
          {detail.isSuccess && (
            <Accordion
              variant="separated"
              radius="md"
              defaultValue={certificates[0] ? String(certificates[0].id) : null}
              chevronPosition="right"
            >
              {certificates.map((c) => (
                <Accordion.Item key={c.id} value={String(c.id)}>
                  <Accordion.Control icon={<IconCertificate size={18} color="var(--mantine-color-laurel-7)" />}>
                    <Group justify="space-between" wrap="nowrap" gap="sm">
                      <div style={{ minWidth: 0 }}>
                        <Text size="sm" fw={600} truncate>
                          {c.project_title}
                        </Text>
                        <Text size="xs" c="stone.6" truncate>
                          {c.certificate_name} · {c.sent_at ? `sent ${formatDateTime(c.sent_at)}` : `added ${formatDateTime(c.created_at)}`}
                        </Text>
                      </div>
                      <RecipientStatus state={c.state} revoked={c.revoked} />
                    </Group>
                  </Accordion.Control>
                  <Accordion.Panel>
                    <Stack gap="md">
                      <Group justify="space-between" wrap="wrap" gap="xs">
                        <Text size="xs" c="stone.6">
                          Certificate no. {c.certificate_number}
                          {c.first_name !== person.first_name || c.last_name !== person.last_name
                            ? ` · issued to ${c.first_name} ${c.last_name}`
                            : ''}
                        </Text>
                        <Group gap={6}>
                          <Button size="compact-xs" variant="light" onClick={() => actions.view(c)}>
                            View certificate
                          </Button>
                          <Button
                            size="compact-xs"
                            variant="default"
                            component={Link}
                            to={`/store/projects/${c.project_id}`}
                            onClick={onClose}
                          >
                            Open project
                          </Button>
                          <ActionsMenu
                            label={`Actions for the certificate in ${c.project_title}`}
                            items={actions.actionsFor(c).filter((a) => a.key !== 'view' && a.key !== 'details')}
                          />
                        </Group>
                      </Group>
                      <RecipientHistory events={c.history} />
                    </Stack>
                  </Accordion.Panel>
                </Accordion.Item>
              ))}
            </Accordion>
          )}
          {detail.isSuccess && certificates.length === 0 && (
            <Text size="sm" c="stone.6">
              No certificate for this address is left in projects you can see.{' '}
              <Anchor component={Link} to="/store">
                See all projects
              </Anchor>
            </Text>
          )}
        </Stack>
      )}
    </Drawer>
  );
}
