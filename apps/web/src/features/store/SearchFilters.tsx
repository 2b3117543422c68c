import { type DataField, type SearchFilter, STATUS_FILTERS, type StatusFilter } from '@laurel/domain';
import { ActionIcon, Autocomplete, Button, Card, Group, Select, SimpleGrid, Stack, Text, TextInput } from '@mantine/core';
import { DatePickerInput } from '@mantine/dates';
import { IconPlus, IconSearch, IconX } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { listProjectIndex } from '../projects/index.ts';
import { storeKeys } from './query-keys.ts';

/** The form's values as text, as they are kept in the address. */
export interface FilterValues {
  name: string;
  email: string;
  project: string;
  certificate: string;
  status: string;
  sent_from: string;
  sent_to: string;
  fields: { key: string; value: string }[];
}

export const EMPTY_FILTER: FilterValues = {
  name: '',
  email: '',
  project: '',
  certificate: '',
  status: '',
  sent_from: '',
  sent_to: '',
  fields: [],
};

/** docs/product/store.md#rules-and-limits: the search's dates start on 1/1/2014. */
const EARLIEST = '2014-01-01';

export const STATUS_OPTIONS: { value: StatusFilter; label: string }[] = [
  { value: 'sent', label: 'Sent' },
  { value: 'unsent', label: 'Unsent' },
  { value: 'pending', label: 'Queued or sending' },
  { value: 'undeliverable', label: 'Undeliverable (any)' },
  { value: 'bounced', label: 'Bounced' },
  { value: 'failed', label: 'Failed' },
  { value: 'suppressed', label: 'Suppressed' },
  { value: 'opened', label: 'Opened' },
  { value: 'not_opened', label: 'Sent, not opened' },
  { value: 'revoked', label: 'Revoked' },
];

const localDay = (day: string, end: boolean) => {
  const [y, m, d] = day.split('-').map(Number);
  return (end ? new Date(y!, m! - 1, d!, 23, 59, 59, 999) : new Date(y!, m! - 1, d!)).toISOString();
};

/** The request's filter: empty fields left out, the day range taken in the issuer's own time zone. */
export function toSearchFilter(values: FilterValues): SearchFilter {
  const filter: SearchFilter = {};
  for (const key of ['name', 'email', 'project', 'certificate'] as const) if (values[key].trim()) filter[key] = values[key].trim();
  const status = STATUS_FILTERS.find((s) => s === values.status.trim());
  if (status) filter.status = status;
  if (values.sent_from) filter.sent_from = localDay(values.sent_from, false);
  if (values.sent_to) filter.sent_to = localDay(values.sent_to, true);
  const fields = values.fields.filter((f) => f.key && f.value.trim());
  if (fields.length) filter.fields = Object.fromEntries(fields.map((f) => [f.key, f.value.trim()]));
  return filter;
}

export const activeFilterCount = (values: FilterValues) =>
  (['name', 'email', 'project', 'certificate', 'status'] as const).filter((k) => values[k].trim()).length +
  (values.sent_from || values.sent_to ? 1 : 0) +
  values.fields.filter((f) => f.key && f.value.trim()).length;

/** The global search's filter panel (docs/product/store.md#screens): fields, status, a sent-date range and the account's data fields. */
export function SearchFilters({
  applied,
  dataFields,
  onSearch,
}: {
  applied: FilterValues;
  dataFields: DataField[];
  onSearch(values: FilterValues): void;
}) {
  const [values, setValues] = useState<FilterValues>(applied);
  useEffect(() => setValues(applied), [applied]);
  const set = <K extends keyof FilterValues>(key: K, value: FilterValues[K]) => setValues((v) => ({ ...v, [key]: value }));
  const text = (key: 'name' | 'email' | 'certificate', label: string, placeholder: string) => (
    <TextInput
      size="sm"
      label={label}
      placeholder={placeholder}
      value={values[key]}
      onChange={(event) => set(key, event.currentTarget.value)}
    />
  );
  // The project field offers the account's project titles (`projects/index-list`); a memo may still be typed.
  const [pickingProject, setPickingProject] = useState(false);
  const projectIndex = useQuery({
    queryKey: storeKeys.projectIndex(),
    queryFn: listProjectIndex,
    enabled: pickingProject,
    staleTime: 60_000,
  });
  const unusedFields = dataFields.filter((f) => !values.fields.some((v) => v.key === f.key));

  return (
    <Card padding="lg" shadow="xs">
      <form
        onSubmit={(event) => {
          event.preventDefault();
          onSearch(values);
        }}
      >
        <Stack gap="md">
          <SimpleGrid cols={{ base: 1, xs: 2, md: 4 }} spacing="md" verticalSpacing="sm">
            {text('name', 'Name', 'First or last name')}
            {text('email', 'Email', 'Address or domain')}
            <Autocomplete
              size="sm"
              label="Project"
              placeholder="Title or memo"
              data={projectIndex.data?.projects.map((p) => p.title) ?? []}
              limit={50}
              value={values.project}
              onFocus={() => setPickingProject(true)}
              onChange={(value) => set('project', value)}
            />
            {text('certificate', 'Certificate', 'Name or number')}
            <Select
              size="sm"
              label="Status"
              placeholder="Any status"
              data={STATUS_OPTIONS}
              value={values.status || null}
              clearable
              onChange={(value) => set('status', value ?? '')}
            />
            <DatePickerInput
              type="range"
              size="sm"
              label="Sent between"
              placeholder="Any date"
              valueFormat="M/D/YYYY"
              minDate={EARLIEST}
              maxDate={new Date()}
              clearable
              allowSingleDateInRange
              value={[values.sent_from || null, values.sent_to || null]}
              onChange={([from, to]) =>
                setValues((v) => ({ ...v, sent_from: from ? String(from).slice(0, 10) : '', sent_to: to ? String(to).slice(0, 10) : '' }))
              }
            />
          </SimpleGrid>
          {values.fields.map((field, index) => (
            // biome-ignore lint/suspicious/noArrayIndexKey: filter rows are edited in place and may switch field; their inputs are controlled, so the position is a safe key
            <Group key={index} gap="sm" align="flex-end" wrap="nowrap">
              <Select
                size="sm"
                label={index === 0 ? 'Data field' : undefined}
                aria-label="Data field"
                w={220}
                data={dataFields
                  .filter((f) => f.key === field.key || unusedFields.includes(f))
                  .map((f) => ({ value: f.key, label: f.label }))}
                value={field.key || null}
                allowDeselect={false}
                onChange={(key) =>
                  set(
                    'fields',
                    values.fields.map((f, i) => (i === index ? { ...f, key: key ?? '' } : f)),
                  )
                }
              />
              <TextInput
                size="sm"
                label={index === 0 ? 'Contains' : undefined}
                aria-label={`Value of ${dataFields.find((f) => f.key === field.key)?.label ?? 'data field'}`}
                style={{ flex: 1 }}
                value={field.value}
                onChange={(event) => {
                  const value = event.currentTarget.value;
                  set(
                    'fields',
                    values.fields.map((f, i) => (i === index ? { ...f, value } : f)),
                  );
                }}
              />
              <ActionIcon
                variant="subtle"
                color="stone"
                size="lg"
                aria-label="Remove data field filter"
                onClick={() =>
                  set(
                    'fields',
                    values.fields.filter((_, i) => i !== index),
                  )
                }
              >
                <IconX size={16} />
              </ActionIcon>
            </Group>
          ))}
          <Group justify="space-between" wrap="wrap" gap="sm">
            {dataFields.length > 0 ? (
              <Button
                variant="subtle"
                size="sm"
                leftSection={<IconPlus size={16} />}
                disabled={unusedFields.length === 0}
                onClick={() => set('fields', [...values.fields, { key: unusedFields[0]!.key, value: '' }])}
              >
                Filter by a data field
              </Button>
            ) : (
              <Text size="xs" c="stone.6">
                Data fields of your certificates appear here once a project uses them.
              </Text>
            )}
            <Group gap="xs">
              <Button
                variant="default"
                size="sm"
                onClick={() => onSearch(EMPTY_FILTER)}
                disabled={activeFilterCount(applied) === 0 && activeFilterCount(values) === 0}
              >
                Clear
              </Button>
              <Button type="submit" size="sm" leftSection={<IconSearch size={16} />}>
                Search
              </Button>
            </Group>
          </Group>
        </Stack>
      </form>
    </Card>
  );
}
