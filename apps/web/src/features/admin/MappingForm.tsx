import { type MappingBody, type MappingRule, UPLOAD_MAX_BYTES, UPLOAD_TOO_LARGE_MESSAGE } from '@laurel/domain';
import { ActionIcon, Button, Card, FileButton, Group, Stack, TagsInput, Text, TextInput } from '@mantine/core';
import { IconFileUpload, IconPlus, IconTrash } from '@tabler/icons-react';
import { useMutation } from '@tanstack/react-query';
import { useState } from 'react';
import { errorMessage } from '../../shared/api/errors.ts';
import { notifyError } from '../../shared/lib/notify.ts';
import { readSampleTitles } from './api.ts';

/** The certificate's standard fields; a mapping may also name a set's own data fields (typed in). */
const FIELD_SUGGESTIONS = ['FIRST_NAME', 'LAST_NAME', 'Email Address', 'EXPIRATION_DATE'];

const asList = (mapped: MappingRule['mapped']) => (mapped === null ? [] : Array.isArray(mapped) ? mapped : [mapped]);
const fromList = (fields: string[]): MappingRule['mapped'] => (fields.length === 0 ? null : fields.length === 1 ? fields[0]! : fields);

/** `First name`, `first_name` and `FIRST NAME` all name the field FIRST_NAME. */
const squash = (text: string) => text.toLowerCase().replace(/[^a-z0-9]/g, '');
const fieldFor = (title: string) => FIELD_SUGGESTIONS.filter((field) => squash(field) === squash(title));

interface Row {
  key: number;
  title: string;
  fields: string[];
}

/** A mapping's name and its columns: each import column title and the field (or fields) it fills, or none. */
export function MappingForm({
  initial,
  busy,
  submitLabel,
  onSubmit,
}: {
  initial?: MappingBody;
  busy: boolean;
  submitLabel: string;
  onSubmit(body: MappingBody): void;
}) {
  const [name, setName] = useState(initial?.name ?? '');
  const [rows, setRows] = useState<Row[]>(() =>
    (initial?.rules.length ? initial.rules : [{ title: '', mapped: null }]).map((r, key) => ({
      key,
      title: r.title,
      fields: asList(r.mapped),
    })),
  );
  const [problem, setProblem] = useState<string | null>(null);
  // A message about the form stays only until the form changes.
  const change = (key: number, next: Partial<Row>) => {
    setProblem(null);
    setRows((all) => all.map((r) => (r.key === key ? { ...r, ...next } : r)));
  };

  // A sample list fills the columns with its titles; a column already mapped keeps its fields.
  const sample = useMutation({
    mutationFn: readSampleTitles,
    onSuccess: (titles) => {
      if (!titles.length) return setProblem('The file has no column titles in its first row.');
      setProblem(null);
      setRows((all) =>
        titles.map((title, key) => ({
          key,
          title,
          fields: all.find((r) => r.title.trim().toLowerCase() === title.toLowerCase())?.fields ?? fieldFor(title),
        })),
      );
    },
    onError: (error) => notifyError(errorMessage(error, 'Error uploading file.')),
  });
  const readSample = (file: File | null) => {
    if (!file) return;
    if (file.size > UPLOAD_MAX_BYTES) return notifyError(UPLOAD_TOO_LARGE_MESSAGE);
    sample.mutate(file);
  };

  const submit = () => {
    const titles = rows.map((r) => r.title.trim());
    if (!name.trim()) return setProblem('Mapping name is required.');
    if (titles.some((t) => !t)) return setProblem('Every column needs its title.');
    if (new Set(titles.map((t) => t.toLowerCase())).size !== titles.length) return setProblem('Each column title may appear once.');
    setProblem(null);
    onSubmit({ name: name.trim(), rules: rows.map((r) => ({ title: r.title.trim(), mapped: fromList(r.fields) })) });
  };

  return (
    <Card shadow="xs" padding="lg" maw={760}>
      <Stack gap="md">
        <TextInput
          label="Mapping name"
          required
          value={name}
          onChange={(e) => {
            setName(e.currentTarget.value);
            setProblem(null);
          }}
          maxLength={120}
        />
        <div>
          <Group justify="space-between" align="flex-end" gap="xs" mb="xs">
            <div>
              <Text size="sm" fw={600}>
                Columns
              </Text>
              <Text size="xs" c="stone.6">
                The column title a list has, and the certificate field it fills. Leave the field empty to skip the column.
              </Text>
            </div>
            <FileButton onChange={readSample} accept=".csv,.txt,.tsv,.xlsx">
              {(props) => (
                <Button {...props} variant="default" size="xs" leftSection={<IconFileUpload size={14} />} loading={sample.isPending}>
                  Read titles from a file
                </Button>
              )}
            </FileButton>
          </Group>
          <Stack gap="xs">
            {rows.map((row, index) => (
              <Group key={row.key} gap="xs" align="flex-start" wrap="nowrap">
                {/* Side by side where there is room; on a phone the field goes under its title. */}
                <Group gap="xs" align="flex-start" style={{ flex: 1, minWidth: 0 }}>
                  <TextInput
                    style={{ flex: '1 1 160px', minWidth: 0 }}
                    aria-label={`Column ${index + 1} title`}
                    placeholder="Column title, e.g. Given name"
                    value={row.title}
                    onChange={(e) => change(row.key, { title: e.currentTarget.value })}
                    maxLength={200}
                  />
                  <TagsInput
                    style={{ flex: '1 1 160px', minWidth: 0 }}
                    aria-label={`Column ${index + 1} fields`}
                    placeholder={row.fields.length ? undefined : 'Not imported'}
                    data={FIELD_SUGGESTIONS}
                    value={row.fields}
                    onChange={(fields) => change(row.key, { fields })}
                    maxTags={20}
                  />
                </Group>
                <ActionIcon
                  variant="subtle"
                  color="red"
                  size="lg"
                  aria-label={`Remove column ${index + 1}`}
                  disabled={rows.length === 1}
                  onClick={() => setRows((all) => all.filter((r) => r.key !== row.key))}
                >
                  <IconTrash size={16} />
                </ActionIcon>
              </Group>
            ))}
          </Stack>
          <Button
            mt="xs"
            variant="subtle"
            size="xs"
            leftSection={<IconPlus size={14} />}
            disabled={rows.length >= 100}
            onClick={() => setRows((all) => [...all, { key: Math.max(...all.map((r) => r.key)) + 1, title: '', fields: [] }])}
          >
            Add column
          </Button>
        </div>
        {problem && (
          <Text size="sm" c="red" role="alert">
            {problem}
          </Text>
        )}
        <Group justify="flex-end">
          <Button loading={busy} onClick={submit}>
            {submitLabel}
          </Button>
        </Group>
      </Stack>
    </Card>
  );
}
