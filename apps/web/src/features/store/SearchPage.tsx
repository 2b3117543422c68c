import type { SearchSort, StoreRecipient } from '@laurel/domain';
import { Badge, Box, Button, Card, Group, LoadingOverlay, Stack, Text } from '@mantine/core';
import { IconFileSpreadsheet } from '@tabler/icons-react';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useEffect, useMemo, useState } from 'react';
import { useSearchParams } from 'react-router';
import { LoadFailed } from '../../shared/components/LoadFailed.tsx';
import { TablePager } from '../../shared/components/TablePager.tsx';
import { plural } from '../../shared/lib/format.ts';
import { useSignedInUser } from '../../shared/session/queries.ts';
import { accountDataFields, runSearchExport, searchRecipients } from './api/store.ts';
import { ColumnPicker } from './ColumnPicker.tsx';
import { ExportDialog } from './ExportDialog.tsx';
import { useExportAccess } from './export-access.ts';
import { storeKeys } from './query-keys.ts';
import { RecipientColumnsTable } from './RecipientColumnsTable.tsx';
import { RecipientDrawer } from './recipient/RecipientDrawer.tsx';
import { useRecipientActions } from './recipient/useRecipientActions.tsx';
import { useChosenColumns } from './recipient-columns.tsx';
import { activeFilterCount, EMPTY_FILTER, type FilterValues, SearchFilters, toSearchFilter } from './SearchFilters.tsx';
import { SortSelect } from './table/SortSelect.tsx';
import { useTableParams } from './table/useTableParams.ts';

/** docs/product/store.md#rules-and-limits: the global search shows 8 rows a page, and a loading notice after 2 seconds. */
const PAGE_SIZE = 8;
const SLOW_MS = 2_000;
const DEFAULT_COLUMNS = ['name', 'email', 'project', 'status', 'sent_at'];
const SORTS: { value: SearchSort; label: string }[] = [
  { value: 'newest', label: 'Newest first' },
  { value: 'oldest', label: 'Oldest first' },
  { value: 'sent_at', label: 'Recently sent' },
  { value: 'name', label: 'Last name A–Z' },
  { value: 'email', label: 'Email A–Z' },
  { value: 'project', label: 'Project A–Z' },
];

function readFilter(raw: string | null): FilterValues {
  if (!raw) return EMPTY_FILTER;
  try {
    return { ...EMPTY_FILTER, ...(JSON.parse(raw) as Partial<FilterValues>) };
  } catch {
    return EMPTY_FILTER;
  }
}

/** True once `active` has lasted `ms`: a quick answer shows no loading notice at all. */
function useSlow(active: boolean, ms: number) {
  const [slow, setSlow] = useState(false);
  useEffect(() => {
    if (!active) return setSlow(false);
    const timer = window.setTimeout(() => setSlow(true), ms);
    return () => window.clearTimeout(timer);
  }, [active, ms]);
  return slow;
}

/** /store/search: every certificate of the account, found by any field, with chosen columns and an export of the query. */
export function SearchPage() {
  const user = useSignedInUser();
  const accountId = user.account!.id;
  const exports = useExportAccess(user);
  const [params, setParams] = useSearchParams();
  const rawFilter = params.get('filter');
  const applied = useMemo(() => readFilter(rawFilter), [rawFilter]);
  const filter = useMemo(() => toSearchFilter(applied), [applied]);
  const table = useTableParams<SearchSort>({ size: PAGE_SIZE, sort: 'newest', sorts: SORTS.map((s) => s.value), sizes: [PAGE_SIZE] });
  const [details, setDetails] = useState<number | null>(null);
  const [exporting, setExporting] = useState(false);
  const actions = useRecipientActions({ onDetails: (r) => setDetails(r.id) });

  const dataFields = useQuery({
    queryKey: storeKeys.accountFields(accountId),
    queryFn: () => accountDataFields(accountId),
    staleTime: 60_000,
  });
  const { columns, visible, setVisible, shown } = useChosenColumns<StoreRecipient>(
    'laurel.store.search.columns',
    DEFAULT_COLUMNS,
    dataFields.data?.fields,
    true,
  );
  const results = useQuery({
    queryKey: storeKeys.search(filter, table.sort, table.page),
    queryFn: () => searchRecipients(filter, { limit: PAGE_SIZE, offset: table.offset, sort: table.sort }),
    placeholderData: keepPreviousData,
  });
  const slow = useSlow(results.isFetching, SLOW_MS);
  const rows = results.data?.recipients ?? [];
  const total = results.data?.count ?? 0;
  const filters = activeFilterCount(applied);

  const search = (values: FilterValues) =>
    setParams((current) => {
      const next = new URLSearchParams(current);
      if (activeFilterCount(values)) next.set('filter', JSON.stringify(values));
      else next.delete('filter');
      next.delete('page');
      return next;
    });

  return (
    <Stack gap="md">
      <SearchFilters applied={applied} dataFields={dataFields.data?.fields ?? []} onSearch={search} />
      <Group justify="space-between" wrap="wrap" gap="sm">
        <Group gap="xs">
          <Text fw={600} aria-live="polite">
            {results.data ? plural(total, 'certificate') : 'Searching…'}
          </Text>
          {filters > 0 && (
            <Badge variant="light" color="laurel">
              {plural(filters, 'filter')}
            </Badge>
          )}
        </Group>
        <Group gap="xs">
          <SortSelect label="Sort results" w={170} sorts={SORTS} value={table.sort} onChange={(sort) => table.update({ sort, page: 1 })} />
          <ColumnPicker columns={columns} visible={visible} onChange={setVisible} />
          {exports.visible && (
            <Button
              size="sm"
              variant="light"
              leftSection={<IconFileSpreadsheet size={16} />}
              onClick={() => exports.open(() => setExporting(true))}
              disabled={exports.allowed && total === 0}
            >
              Export results
            </Button>
          )}
        </Group>
      </Group>
      {results.isError && <LoadFailed title="The search could not be run" error={results.error} onRetry={() => results.refetch()} />}
      <Card padding={0} shadow="xs" pos="relative">
        <LoadingOverlay visible={slow} zIndex={5} overlayProps={{ blur: 1 }} loaderProps={{ children: <Text fw={600}>Searching…</Text> }} />
        <RecipientColumnsTable
          label="Search results"
          minWidth={680}
          columns={shown}
          rows={rows}
          query={results}
          skeletonRows={PAGE_SIZE}
          empty={
            filters
              ? {
                  title: 'No certificate matches these filters',
                  description: 'Loosen a filter or clear them all to see every certificate.',
                }
              : { title: 'No certificates yet', description: 'Certificates appear here once you have saved a project.' }
          }
          onOpen={(r) => setDetails(r.id)}
          actionsFor={actions.actionsFor}
        />
        <Box>
          <TablePager
            label="Search result pages"
            page={table.page}
            size={PAGE_SIZE}
            total={total}
            onPage={(page) => table.update({ page })}
          />
        </Box>
      </Card>
      {actions.dialogs}
      <RecipientDrawer recipientId={details} onClose={() => setDetails(null)} actionsFor={actions.actionsFor} />
      <ExportDialog
        opened={exporting}
        onClose={() => setExporting(false)}
        subject={filters ? 'this search' : 'all your projects'}
        count={{ key: ['search', filter], fn: async () => total }}
        run={(type, email) => runSearchExport(accountId, filter, visible, type, email)}
      />
    </Stack>
  );
}
