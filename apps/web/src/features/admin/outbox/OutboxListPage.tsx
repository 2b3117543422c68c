import { OUTBOX_VIEWS, type OutboxPage, type OutboxView } from '@laurel/domain';
import { Alert, Anchor, Center, Group, Loader, SegmentedControl, Table, Text, TextInput } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { IconInfoCircle, IconMail, IconSearch } from '@tabler/icons-react';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { Link } from 'react-router';
import { EmptyPanel } from '../../../shared/components/EmptyPanel.tsx';
import { LoadFailed } from '../../../shared/components/LoadFailed.tsx';
import { PagedTable } from '../../../shared/components/PagedTable.tsx';
import { PageHeader } from '../../../shared/components/PageHeader.tsx';
import { formatDateTime } from '../../../shared/lib/format.ts';
import { listOutbox } from '../api.ts';
import { adminKeys } from '../query-keys.ts';
import { useAddressFilters } from '../use-address-filters.ts';
import { mailKindLabel } from './mail-kind.ts';
import { StatusBadge } from './StatusBadge.tsx';

const VIEW_LABELS: Record<OutboxView, string> = { all: 'All', certificate: 'Certificate emails', account: 'Account mail' };
const SENDS_IN_ACTIVITY = '/admin/activity?kind=sends';

/** What the screen holds, said as it is on this server (docs/product/super-admin.md#outbox). */
function description(mode: OutboxPage['certificate_mail'] | undefined): string {
  const account = 'account mail (confirmations, password resets, invitations, exports, test emails, notices)';
  if (mode === 'kept')
    return `Every email Laurel has sent or kept: ${account} and, as no mail server is set, the certificate emails to recipients, kept here instead of being sent. Open one to see exactly what its recipient got.`;
  if (mode === 'sent')
    return `Every email Laurel has sent from its own address: ${account}. Open one to see exactly what its recipient got.`;
  return 'The email Laurel has sent or kept.';
}

/** /admin/outbox: the messages Laurel recorded, newest first, all or one view; filters and paging live in the address. */
export function OutboxListPage() {
  const { values, size, offset, update, pager } = useAddressFilters(['view', 'q'] as const);
  const view = (OUTBOX_VIEWS as readonly string[]).includes(values.view) ? (values.view as OutboxView) : 'all';
  const [q] = useDebouncedValue(values.q.trim(), 300);
  const query = useQuery({
    queryKey: adminKeys.outbox(view, q, size, offset),
    queryFn: () => listOutbox({ view, search: q || undefined, limit: size, offset }),
    placeholderData: keepPreviousData,
  });
  const data = query.data;
  const total = data?.count ?? 0;
  const filtered = view !== 'all' || q !== '';

  return (
    <>
      <PageHeader eyebrow="Admin" title="Outbox" description={description(data?.certificate_mail)} />
      {data?.certificate_mail === 'sent' && (
        <Alert variant="light" color="blue" icon={<IconInfoCircle size={18} />} mb="md" title="Certificate emails are not copied here">
          A mail server is set, so certificate emails go straight to their recipients without a copy in the outbox. Each send is listed in{' '}
          <Anchor component={Link} to={SENDS_IN_ACTIVITY} inherit>
            Activity
          </Anchor>
          , and each recipient's delivery in the project's history in the account's Store.
        </Alert>
      )}
      {data?.certificate_mail === 'kept' && (
        <Text size="sm" c="stone.6" mb="md">
          An account that sends through its own mail server sends its certificate emails there: they are not kept here. Each send is listed
          in{' '}
          <Anchor component={Link} to={SENDS_IN_ACTIVITY} inherit>
            Activity
          </Anchor>
          .
        </Text>
      )}
      <Group mb="md" gap="sm" wrap="wrap">
        <SegmentedControl
          aria-label="Which messages"
          value={view}
          data={OUTBOX_VIEWS.map((value) => ({ value, label: VIEW_LABELS[value] }))}
          onChange={(value) => update({ view: value === 'all' ? null : value })}
        />
        <TextInput
          style={{ flex: '1 1 240px' }}
          maw={420}
          leftSection={<IconSearch size={16} />}
          placeholder="Search by recipient"
          aria-label="Search by recipient"
          value={values.q}
          onChange={(event) => update({ q: event.currentTarget.value }, { replace: true })}
        />
      </Group>
      {query.isError && <LoadFailed title="The outbox could not be loaded" error={query.error} onRetry={() => void query.refetch()} />}
      {query.isPending && (
        <Center py={80}>
          <Loader />
        </Center>
      )}
      {data && total === 0 && (
        <EmptyPanel
          icon={<IconMail size={26} stroke={1.6} />}
          title={
            view === 'certificate' && data.certificate_mail === 'sent'
              ? 'No certificate email is kept here'
              : filtered
                ? 'No message matches'
                : 'The outbox is empty'
          }
          description={
            view === 'certificate' && data.certificate_mail === 'sent'
              ? 'A mail server is set: certificate emails go straight to their recipients. Each send is listed in Activity.'
              : filtered
                ? 'Try another view or another address.'
                : 'Messages appear here as soon as Laurel writes one: a registration, a password reset or a certificate.'
          }
          action={
            view === 'certificate' && data.certificate_mail === 'sent'
              ? { label: 'Sends in Activity', to: SENDS_IN_ACTIVITY }
              : { label: 'Back to accounts', to: '/admin/accounts' }
          }
        />
      )}
      {data && total > 0 && (
        <PagedTable
          minWidth={900}
          verticalSpacing="sm"
          horizontalSpacing="lg"
          highlightOnHover
          aria-label="Outbox messages"
          data-testid="outbox-table"
          pager={{ label: 'Outbox pages', total, ...pager }}
        >
          <Table.Thead bg="stone.0">
            <Table.Tr>
              <Table.Th w={180}>Date</Table.Th>
              <Table.Th>To</Table.Th>
              <Table.Th>Subject</Table.Th>
              <Table.Th w={150}>Kind</Table.Th>
              <Table.Th>Account and project</Table.Th>
              <Table.Th w={100}>Status</Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody style={{ opacity: query.isPlaceholderData ? 0.6 : 1 }}>
            {data.messages.map((message) => (
              <Table.Tr key={message.id}>
                <Table.Td>
                  <Text size="sm" c="stone.6" style={{ whiteSpace: 'nowrap' }}>
                    {formatDateTime(message.created_at)}
                  </Text>
                </Table.Td>
                <Table.Td>
                  <Text size="sm" style={{ overflowWrap: 'anywhere' }}>
                    {message.to}
                  </Text>
                </Table.Td>
                <Table.Td>
                  <Anchor component={Link} to={`/admin/outbox/${message.id}`} size="sm" fw={600}>
                    {message.subject || '(no subject)'}
                  </Anchor>
                </Table.Td>
                <Table.Td>
                  <Text size="sm" c="stone.6">
                    {mailKindLabel(message.kind)}
                  </Text>
                </Table.Td>
                <Table.Td>
                  {message.account ? (
                    <Anchor component={Link} to={`/admin/accounts?account=${message.account.id}`} size="sm">
                      {message.account.name}
                    </Anchor>
                  ) : (
                    <Text size="sm" c="stone.6">
                      No account
                    </Text>
                  )}
                  {message.project && (
                    <Text size="xs" c="stone.6">
                      {message.project.title}
                    </Text>
                  )}
                </Table.Td>
                <Table.Td>
                  <StatusBadge status={message.status} />
                </Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </PagedTable>
      )}
    </>
  );
}
