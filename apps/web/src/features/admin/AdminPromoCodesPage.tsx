import { DEFAULT_PAGE_SIZE, type PromoCode, type PromoCodeInput, type PromoType } from '@laurel/domain';
import { ActionIcon, Badge, Button, Card, Center, Group, Loader, Select, Switch, Table, Text, TextInput, Tooltip } from '@mantine/core';
import { modals } from '@mantine/modals';
import { IconDiscount2, IconPencil, IconPlus, IconSearch, IconTrash } from '@tabler/icons-react';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { errorMessage } from '../../shared/api/errors.ts';
import { queryClient } from '../../shared/api/query-client.ts';
import { EmptyPanel } from '../../shared/components/EmptyPanel.tsx';
import { PageHeader } from '../../shared/components/PageHeader.tsx';
import { TablePager } from '../../shared/components/TablePager.tsx';
import { FormError } from '../../shared/forms/FormError.tsx';
import { useTablePaging } from '../../shared/hooks/useTablePaging.ts';
import { notifyError, notifySuccess } from '../../shared/lib/notify.ts';
import { eyebrow } from './admin-section.tsx';
import { createPromoCode, deletePromoCode, listPromoCodes, PROMO_CODES_KEY, togglePromoCode, updatePromoCode } from './promo-codes/api.ts';
import { PromoCodeDialog, TYPE_LABELS } from './promo-codes/PromoCodeDialog.tsx';
import { adminKeys } from './query-keys.ts';

type Sort = 'newest' | 'name' | 'used' | 'expire_date';
type Dialog = { code: PromoCode | null } | null;

const refresh = () => queryClient.invalidateQueries({ queryKey: PROMO_CODES_KEY });

const dayFormat = new Intl.DateTimeFormat('en-US', { month: 'short', day: 'numeric', year: 'numeric', timeZone: 'UTC' });
const formatDay = (day: string) => dayFormat.format(new Date(`${day}T00:00:00Z`));

function amountOf(code: PromoCode): string {
  return code.type === 'percentage' ? `${code.amount}% off` : `${code.amount.toLocaleString('en-US')} credits`;
}

/**
 * /promo-codes (docs/product/billing-and-credits.md#screens Promo Code Managing): every code with how often it was used, searchable and
 * filtered by type and status; create and edit in a dialog, turn a code on or off, delete with a
 * confirmation. Whether the sign-up forms offer a code at all is an Admin settings switch.
 */
export function AdminPromoCodesPage() {
  const paging = useTablePaging(DEFAULT_PAGE_SIZE);
  const [search, setSearch] = useState('');
  const [type, setType] = useState<PromoType | null>(null);
  const [status, setStatus] = useState<'active' | 'inactive' | null>(null);
  const [sort, setSort] = useState<Sort>('newest');
  const [dialog, setDialog] = useState<Dialog>(null);

  const filters = { search: search.trim() || undefined, type: type ?? undefined, status: status ?? undefined, sort };
  const query = useQuery({
    queryKey: adminKeys.promoCodes(filters, paging.limit, paging.offset),
    queryFn: () => listPromoCodes({ ...filters, limit: paging.limit, offset: paging.offset }),
    placeholderData: keepPreviousData,
  });
  const total = query.data?.count ?? 0;
  const filtered = !!(filters.search || type || status);

  const save = async (input: PromoCodeInput) => {
    const saved = dialog?.code ? await updatePromoCode(dialog.code.id, input) : await createPromoCode(input);
    notifySuccess(dialog?.code ? `${saved.promo_value} was saved.` : `${saved.promo_value} was created.`);
    setDialog(null);
    await refresh();
  };

  const toggle = async (code: PromoCode) => {
    try {
      const changed = await togglePromoCode(code.id);
      notifySuccess(`${changed.promo_value} is ${changed.is_active ? 'active' : 'inactive'}.`);
      await refresh();
    } catch (error) {
      notifyError(errorMessage(error));
    }
  };

  const remove = (code: PromoCode) =>
    modals.openConfirmModal({
      title: `Delete ${code.promo_value}?`,
      children: (
        <Text size="sm">
          Nobody will be able to use this code any more.
          {code.used_count > 0 &&
            ` It was used ${code.used_count} ${code.used_count === 1 ? 'time' : 'times'}: the credits and discounts it gave stay.`}
        </Text>
      ),
      labels: { confirm: 'Delete code', cancel: 'Cancel' },
      confirmProps: { color: 'red' },
      onConfirm: async () => {
        try {
          notifySuccess((await deletePromoCode(code.id)).message);
          await refresh();
        } catch (error) {
          notifyError(errorMessage(error));
        }
      },
    });

  const firstPage = paging.firstPage;

  return (
    <>
      <PageHeader
        eyebrow={eyebrow}
        title="Promo codes"
        description="Codes that give new accounts extra credits when they register, or a discount when they pay by card."
        actions={
          <Button leftSection={<IconPlus size={16} />} onClick={() => setDialog({ code: null })}>
            New promo code
          </Button>
        }
      />
      {query.isError && <FormError>{errorMessage(query.error)}</FormError>}
      {query.isPending && (
        <Center py={80}>
          <Loader />
        </Center>
      )}
      {query.data && total === 0 && !filtered && (
        <EmptyPanel
          icon={<IconDiscount2 size={26} stroke={1.6} />}
          title="No promo codes"
          description="Create a code for a campaign or a partner and follow how often it is used."
        />
      )}
      {query.data && (total > 0 || filtered) && (
        <Card padding={0} shadow="xs">
          <Group px="lg" py="sm" gap="sm" wrap="wrap" style={{ borderBottom: '1px solid var(--laurel-border)' }}>
            <TextInput
              aria-label="Search promo codes"
              placeholder="Search name or code"
              leftSection={<IconSearch size={16} />}
              value={search}
              onChange={(e) => firstPage(setSearch)(e.currentTarget.value)}
              w={240}
            />
            <Select
              aria-label="Type"
              placeholder="All types"
              data={(['first-time-registering', 'percentage', 'default'] as const).map((value) => ({ value, label: TYPE_LABELS[value] }))}
              value={type}
              onChange={(value) => firstPage(setType)(value as PromoType | null)}
              clearable
              w={230}
            />
            <Select
              aria-label="Status"
              placeholder="Any status"
              data={[
                { value: 'active', label: 'Active' },
                { value: 'inactive', label: 'Inactive' },
              ]}
              value={status}
              onChange={(value) => firstPage(setStatus)(value as 'active' | 'inactive' | null)}
              clearable
              w={150}
            />
            <Select
              aria-label="Sort by"
              data={[
                { value: 'newest', label: 'Newest first' },
                { value: 'name', label: 'Name' },
                { value: 'used', label: 'Most used' },
                { value: 'expire_date', label: 'Expiring first' },
              ]}
              value={sort}
              onChange={(value) => value && firstPage(setSort)(value as Sort)}
              allowDeselect={false}
              w={170}
              ml="auto"
            />
          </Group>
          <Table.ScrollContainer minWidth={820}>
            <Table verticalSpacing="sm" horizontalSpacing="lg" highlightOnHover aria-label="Promo codes">
              <Table.Thead bg="stone.0">
                <Table.Tr>
                  <Table.Th>Code</Table.Th>
                  <Table.Th>Gives</Table.Th>
                  <Table.Th w={120}>Used</Table.Th>
                  <Table.Th w={150}>Expires</Table.Th>
                  <Table.Th w={110}>Active</Table.Th>
                  <Table.Th w={96} aria-label="Actions" />
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody style={{ opacity: query.isPlaceholderData ? 0.6 : 1 }}>
                {query.data.promo_codes.map((code) => {
                  const usedUp = code.usage_limit !== null && code.used_count >= code.usage_limit;
                  return (
                    <Table.Tr key={code.id}>
                      <Table.Td>
                        <Text size="sm" fw={700} ff="monospace">
                          {code.promo_value}
                        </Text>
                        <Text size="xs" c="stone.6">
                          {code.name}
                        </Text>
                      </Table.Td>
                      <Table.Td>
                        <Text size="sm">{amountOf(code)}</Text>
                        <Text size="xs" c="stone.6">
                          {TYPE_LABELS[code.type]}
                        </Text>
                      </Table.Td>
                      <Table.Td>
                        <Group gap={6} wrap="nowrap">
                          <Text size="sm">{code.usage_limit === null ? code.used_count : `${code.used_count} of ${code.usage_limit}`}</Text>
                          {usedUp && (
                            <Badge size="xs" color="orange" variant="light">
                              Used up
                            </Badge>
                          )}
                        </Group>
                      </Table.Td>
                      <Table.Td>
                        <Text size="sm" c="stone.6">
                          {code.expire_date ? formatDay(code.expire_date) : 'Never'}
                        </Text>
                      </Table.Td>
                      <Table.Td>
                        <Switch aria-label={`${code.promo_value} active`} checked={code.is_active} onChange={() => void toggle(code)} />
                      </Table.Td>
                      <Table.Td>
                        <Group gap={4} wrap="nowrap">
                          <Tooltip label="Edit">
                            <ActionIcon
                              variant="subtle"
                              color="gray"
                              aria-label={`Edit ${code.promo_value}`}
                              onClick={() => setDialog({ code })}
                            >
                              <IconPencil size={16} />
                            </ActionIcon>
                          </Tooltip>
                          <Tooltip label="Delete">
                            <ActionIcon variant="subtle" color="red" aria-label={`Delete ${code.promo_value}`} onClick={() => remove(code)}>
                              <IconTrash size={16} />
                            </ActionIcon>
                          </Tooltip>
                        </Group>
                      </Table.Td>
                    </Table.Tr>
                  );
                })}
                {query.data.promo_codes.length === 0 && (
                  <Table.Tr>
                    <Table.Td colSpan={6}>
                      <Text size="sm" c="stone.6" ta="center" py="md">
                        No promo code matches these filters.
                      </Text>
                    </Table.Td>
                  </Table.Tr>
                )}
              </Table.Tbody>
            </Table>
          </Table.ScrollContainer>
          <TablePager label="Promo code pages" total={total} {...paging.pager} />
        </Card>
      )}
      {dialog && <PromoCodeDialog code={dialog.code} onClose={() => setDialog(null)} onSave={save} />}
    </>
  );
}
