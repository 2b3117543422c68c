import { Anchor, Card, Center, Code, Group, Loader, SimpleGrid, Stack, Table, Tabs, Text, Title } from '@mantine/core';
import { IconArrowLeft, IconCode, IconFileText, IconList } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { Link, useParams } from 'react-router';
import { errorMessage } from '../../../shared/api/errors.ts';
import { FormError } from '../../../shared/forms/FormError.tsx';
import { formatDateTime } from '../../../shared/lib/format.ts';
import { getOutboxMessage } from '../api.ts';
import { adminKeys } from '../query-keys.ts';
import { MessageHtmlFrame } from './MessageHtmlFrame.tsx';
import { mailKindLabel } from './mail-kind.ts';
import { StatusBadge } from './StatusBadge.tsx';

function Meta({ label, children }: { label: string; children: ReactNode }) {
  return (
    <Stack gap={2}>
      <Text size="xs" c="stone.5" fw={600} tt="uppercase" style={{ letterSpacing: '0.06em' }}>
        {label}
      </Text>
      <Text size="sm" component="div" style={{ wordBreak: 'break-word' }}>
        {children}
      </Text>
    </Stack>
  );
}

/** /admin/outbox/:id: one message, its HTML and text parts and its headers. */
export function OutboxMessagePage() {
  const { id = '' } = useParams();
  const query = useQuery({ queryKey: adminKeys.outboxMessage(id), queryFn: () => getOutboxMessage(id) });
  const message = query.data;

  return (
    <Stack gap="lg">
      <Anchor component={Link} to="/admin/outbox" size="sm" c="stone.6">
        <Group gap={4}>
          <IconArrowLeft size={14} />
          Outbox
        </Group>
      </Anchor>
      {query.isPending && (
        <Center py={80}>
          <Loader />
        </Center>
      )}
      {query.isError && <FormError>{errorMessage(query.error)}</FormError>}
      {message && (
        <>
          <Title order={1} className="display-title" fz={28} data-testid="outbox-subject">
            {message.subject || '(no subject)'}
          </Title>
          <Card padding="lg" shadow="xs">
            <SimpleGrid cols={{ base: 1, xs: 2, md: 4 }} spacing="lg">
              <Meta label="From">{message.from}</Meta>
              <Meta label="To">{message.to}</Meta>
              <Meta label="Created">{formatDateTime(message.created_at)}</Meta>
              <Meta label="Status">{message.status ? <StatusBadge status={message.status} /> : '—'}</Meta>
              <Meta label="Kind">{mailKindLabel(message.kind)}</Meta>
              <Meta label="Account">
                {message.account ? (
                  <Anchor component={Link} to={`/admin/accounts?account=${message.account.id}`} inherit>
                    {message.account.name}
                  </Anchor>
                ) : (
                  'No account'
                )}
              </Meta>
              {message.project && <Meta label="Project">{message.project.title}</Meta>}
              {message.attachments.length > 0 && <Meta label="Attachments">{message.attachments.join(', ')}</Meta>}
            </SimpleGrid>
            {message.last_error && (
              <Text size="sm" c="red.7" mt="md">
                Last error: {message.last_error}
              </Text>
            )}
          </Card>
          <Tabs defaultValue={message.html ? 'html' : 'text'} keepMounted={false}>
            <Tabs.List mb="md">
              <Tabs.Tab value="html" leftSection={<IconCode size={16} />}>
                HTML
              </Tabs.Tab>
              <Tabs.Tab value="text" leftSection={<IconFileText size={16} />}>
                Text
              </Tabs.Tab>
              <Tabs.Tab value="headers" leftSection={<IconList size={16} />}>
                Headers
              </Tabs.Tab>
            </Tabs.List>
            <Tabs.Panel value="html">
              {message.html ? (
                <MessageHtmlFrame html={message.html} title={`HTML part of ${message.subject}`} />
              ) : (
                <Text c="dimmed">This message has no HTML part.</Text>
              )}
            </Tabs.Panel>
            <Tabs.Panel value="text">
              {message.text ? (
                <Code block data-testid="outbox-text" style={{ whiteSpace: 'pre-wrap', fontSize: 13, padding: 20 }}>
                  {message.text}
                </Code>
              ) : (
                <Text c="dimmed">This message has no text part.</Text>
              )}
            </Tabs.Panel>
            <Tabs.Panel value="headers">
              <Card padding={0}>
                <Table horizontalSpacing="lg" verticalSpacing="xs" aria-label="Message headers">
                  <Table.Tbody>
                    {Object.entries(message.headers).map(([name, value]) => (
                      <Table.Tr key={name}>
                        <Table.Th w={220} fw={600}>
                          {name}
                        </Table.Th>
                        <Table.Td style={{ wordBreak: 'break-all', fontFamily: 'var(--mantine-font-family-monospace)', fontSize: 13 }}>
                          {value}
                        </Table.Td>
                      </Table.Tr>
                    ))}
                  </Table.Tbody>
                </Table>
              </Card>
            </Tabs.Panel>
          </Tabs>
        </>
      )}
    </Stack>
  );
}
