import { FIELD_KEYS } from '@laurel/certificate';
import { Button, Group, Modal, SimpleGrid, Stack, TextInput } from '@mantine/core';
import { useEffect, useState } from 'react';
import type { RecipientValues, SendCertificate } from '../api/send.ts';
import { entryFields, fieldLabel } from '../fields.ts';
import { lastNameOptional, valueProblems } from '../rows.ts';

const REQUIRED = new Set<string>([FIELD_KEYS.first, FIELD_KEYS.last, FIELD_KEYS.email]);

interface RecipientDialogProps {
  certificate: SendCertificate;
  /** Null when closed; an empty object to add a recipient. */
  initial: RecipientValues | null;
  mode: 'add' | 'edit';
  onSave: (values: RecipientValues) => void;
  onClose: () => void;
}

/**
 * Add or edit one recipient of the preview. First name, last name and email are 'Required'
 * (docs/product/send-wizard.md#rules-and-limits), except that a whole name written family name first ("王小明") is all in the first name; the
 * email must be valid and an expiration date must be in the certificate's format.
 */
export function RecipientDialog({ certificate, initial, mode, onSave, onClose }: RecipientDialogProps) {
  const fields = entryFields(certificate.fields);
  const format = certificate.expiration_date_format;
  const [values, setValues] = useState<RecipientValues>({});
  const [errors, setErrors] = useState<Record<string, string>>({});
  useEffect(() => {
    if (initial) {
      setValues(initial);
      setErrors({});
    }
  }, [initial]);

  const submit = () => {
    const found = valueProblems(values, fields, format, 'Required');
    // Only names and email must be filled; other fields may stay empty for one person.
    for (const [key, message] of Object.entries(found))
      if (message === 'Required' && !REQUIRED.has(key) && fields.find((f) => f.key === key)?.kind !== 'expiration_date') delete found[key];
    setErrors(found);
    if (Object.keys(found).length) return;
    onSave(Object.fromEntries(Object.entries(values).map(([k, v]) => [k, v.trim()])));
  };

  return (
    <Modal opened={initial !== null} onClose={onClose} title={mode === 'add' ? 'Add recipient' : 'Edit recipient'} size="lg">
      <form
        noValidate
        onSubmit={(event) => {
          event.preventDefault();
          submit();
        }}
      >
        <Stack gap="md">
          <SimpleGrid cols={{ base: 1, sm: 2 }}>
            {fields.map((f, i) => (
              <TextInput
                key={f.key}
                label={fieldLabel(f)}
                withAsterisk={
                  (REQUIRED.has(f.key) && !(f.kind === 'last_name' && lastNameOptional(values))) || f.kind === 'expiration_date'
                }
                description={f.kind === 'expiration_date' ? `Format ${format}` : undefined}
                type={f.kind === 'email' ? 'email' : 'text'}
                value={values[f.key] ?? ''}
                error={errors[f.key]}
                data-autofocus={i === 0 || undefined}
                onChange={(event) => {
                  const value = event.currentTarget.value;
                  setValues((v) => ({ ...v, [f.key]: value }));
                  setErrors((e) => ({ ...e, [f.key]: '' }));
                }}
              />
            ))}
          </SimpleGrid>
          <Group justify="flex-end">
            <Button variant="default" onClick={onClose}>
              Cancel
            </Button>
            <Button type="submit">{mode === 'add' ? 'Add recipient' : 'Save changes'}</Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}
