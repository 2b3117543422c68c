import { ActionIcon, SimpleGrid, Stack, TextInput } from '@mantine/core';
import { IconBraces } from '@tabler/icons-react';
import { type Ref, useRef } from 'react';
import { MergeFieldMenu } from '../toolbar/MergeFieldMenu.tsx';
import type { SectionProps } from './types.ts';

/** Subject and the addresses the message is sent with. */
export function AddressFields({
  design,
  onChange,
  readOnly,
  errors,
  replyToRef,
  dataFields,
}: SectionProps & { replyToRef: Ref<HTMLInputElement>; dataFields: string[] }) {
  const subjectRef = useRef<HTMLInputElement>(null);

  // A field goes where the caret was in the subject, or at its end.
  const insertIntoSubject = (field: string) => {
    const input = subjectRef.current;
    const subject = design.email_subject;
    const at = input?.selectionStart ?? subject.length;
    const end = input?.selectionEnd ?? at;
    onChange({ email_subject: `${subject.slice(0, at)}${field}${subject.slice(end)}` });
    requestAnimationFrame(() => {
      input?.focus();
      input?.setSelectionRange(at + field.length, at + field.length);
    });
  };

  return (
    <Stack gap="sm">
      <TextInput
        ref={subjectRef}
        label="Subject"
        rightSection={
          readOnly ? null : (
            <MergeFieldMenu
              withDownloadLink={false}
              dataFields={dataFields}
              onPick={insertIntoSubject}
              target={
                <ActionIcon variant="subtle" aria-label="Insert field into subject" title="Insert field">
                  <IconBraces size={16} />
                </ActionIcon>
              }
            />
          )
        }
        value={design.email_subject}
        onChange={(e) => onChange({ email_subject: e.currentTarget.value })}
        readOnly={readOnly}
        error={errors.email_subject}
        maxLength={255}
      />
      <TextInput
        ref={replyToRef}
        label="Reply-to"
        description="Where replies from recipients go. [ACCOUNT_EMAIL] stands for your account’s address."
        value={design.reply_to}
        onChange={(e) => onChange({ reply_to: e.currentTarget.value })}
        readOnly={readOnly}
        error={errors.reply_to}
        required
      />
      <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="sm">
        <TextInput
          label="Cc"
          placeholder="Addresses, separated by commas"
          value={design.cc}
          onChange={(e) => onChange({ cc: e.currentTarget.value })}
          readOnly={readOnly}
          error={errors.cc}
        />
        <TextInput
          label="Bcc"
          placeholder="Addresses, separated by commas"
          value={design.bcc}
          onChange={(e) => onChange({ bcc: e.currentTarget.value })}
          readOnly={readOnly}
          error={errors.bcc}
        />
      </SimpleGrid>
    </Stack>
  );
}
