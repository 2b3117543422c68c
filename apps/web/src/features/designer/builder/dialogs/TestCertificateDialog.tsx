import { type CertificateDesign, elementText, mergeFieldNames } from '@laurel/certificate';
import { EMAIL_DESIGN_MESSAGES, isValidEmail } from '@laurel/domain';
import { Button, Group, Modal, Stack, Text, TextInput } from '@mantine/core';
import { useForm } from '@mantine/form';
import { useMemo, useState } from 'react';
import { ApiError, errorMessage } from '../../../../shared/api/errors.ts';
import { notifyError, notifySuccess } from '../../../../shared/lib/notify.ts';
import { sendTestCertificate } from '../../api.ts';

/** The merge fields a recipient fills for this design, each once, in the order they appear. */
function designFields(design: CertificateDesign): string[] {
  const names = new Map<string, string>();
  for (const e of [...design.elements, ...(design.use_two_side ? design.back_side_elements : [])]) {
    if (e.type === 'certificate_number' || e.type === 'expiration_date') continue;
    for (const name of mergeFieldNames(elementText(e))) if (!names.has(name.toLowerCase())) names.set(name.toLowerCase(), name);
  }
  return [...names.values()];
}

/** What the test send answers when the set's email has no reply-to (the email editor is where it is added). */
export const REPLY_TO_MISSING = EMAIL_DESIGN_MESSAGES.replyToMissingForTest;

const isReplyToMissing = (error: unknown) =>
  error instanceof ApiError && (error.body.field === 'reply_to' || /reply.?to/i.test(error.body.errors[0] ?? error.body.message ?? ''));

interface TestCertificateDialogProps {
  opened: boolean;
  certificateId: number;
  design: CertificateDesign;
  defaultEmail: string;
  /** The set's saved reply-to: a test cannot be sent without one. */
  replyTo: string;
  onPreview: () => void;
  /** Opens the email editor to add the reply-to, coming back here afterwards. */
  onReplyToMissing: () => void;
  onClose: () => void;
}

/** Test certificate: preview it, or email one to yourself with every field filled (docs/product/builder.md#rules-and-limits). */
export function TestCertificateDialog({
  opened,
  certificateId,
  design,
  defaultEmail,
  replyTo,
  onPreview,
  onReplyToMissing,
  onClose,
}: TestCertificateDialogProps) {
  const fields = useMemo(() => designFields(design), [design]);
  const [sending, setSending] = useState(false);
  const form = useForm({
    initialValues: { email: defaultEmail, ...Object.fromEntries(fields.map((f) => [f, ''])) } as Record<string, string>,
    validate: (values) => {
      const errors: Record<string, string> = {};
      for (const f of fields) if (!values[f]?.trim()) errors[f] = 'Fill every field to send a test.';
      if (!isValidEmail(values.email ?? '')) errors.email = 'Enter a valid email address.';
      return errors;
    },
  });

  const toEmailEditor = (message: string) => {
    notifyError(message);
    onClose();
    onReplyToMissing();
  };

  const send = form.onSubmit(async (values) => {
    if (!replyTo.trim()) return toEmailEditor(REPLY_TO_MISSING);
    setSending(true);
    try {
      await sendTestCertificate(certificateId, {
        email: values.email!,
        fields: fields.map((name) => ({ name, value: values[name]!.trim() })),
      });
      notifySuccess('Email sent. Please check admin email inbox.');
      onClose();
    } catch (error) {
      if (isReplyToMissing(error)) toEmailEditor(errorMessage(error, REPLY_TO_MISSING));
      else notifyError(errorMessage(error));
    } finally {
      setSending(false);
    }
  });

  return (
    <Modal opened={opened} onClose={onClose} title="Test certificate" size="md">
      <form onSubmit={send}>
        <Stack gap="sm">
          <Text size="sm" c="dimmed">
            Fill in sample values to email yourself a test certificate, or open the preview PDF.
          </Text>
          {fields.map((name) => (
            <TextInput key={name} label={name} {...form.getInputProps(name)} />
          ))}
          <TextInput label="Send the test to" type="email" {...form.getInputProps('email')} />
          <Group justify="space-between" mt="sm">
            <Button variant="default" onClick={onPreview}>
              Preview PDF
            </Button>
            <Button type="submit" loading={sending}>
              Send test email
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}
