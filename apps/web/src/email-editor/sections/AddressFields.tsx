import { SimpleGrid, Stack, TextInput } from '@mantine/core';
import type { Ref } from 'react';
import type { SectionProps } from './types.ts';

/** Subject and the addresses the message is sent with. */
export function AddressFields({ design, onChange, readOnly, errors, replyToRef }: SectionProps & { replyToRef: Ref<HTMLInputElement> }) {
  return (
    <Stack gap="sm">
      <TextInput
        label="Subject"
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
