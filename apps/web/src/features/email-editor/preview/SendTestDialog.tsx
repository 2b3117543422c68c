import { Button, Group, Modal, Select, SimpleGrid, Stack, Text, TextInput } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { errorMessage } from '../../../shared/api/errors.ts';
import { notifyError, notifySuccess } from '../../../shared/lib/notify.ts';
import { listTestRecipients, sendTestEmail } from '../api.ts';
import { emailEditorKeys } from '../query-keys.ts';

interface SendTestDialogProps {
  opened: boolean;
  onClose: () => void;
  certificateId: string;
  /** The signed-in user: the address the test goes to by default and the sample name. */
  user: { email: string; first_name: string; last_name: string };
  dataFields: string[];
}

const bare = (field: string) => field.replace(/^\[|\]$/g, '');

/**
 * Sends the saved email to one address with sample values, so the issuer sees it in a real inbox.
 * Every value must be filled (docs/product/email-editor.md#rules-and-limits): a blank would arrive as an unfilled field. Tests go to the
 * user or a confirmed user of the account, never to anyone else (docs/decisions/0011-certificate-email.md).
 */
export function SendTestDialog({ opened, onClose, certificateId, user, dataFields }: SendTestDialogProps) {
  const [email, setEmail] = useState(user.email);
  const [values, setValues] = useState<Record<string, string>>({});
  const [sending, setSending] = useState(false);
  const [tried, setTried] = useState(false);
  const recipients = useQuery({ queryKey: emailEditorKeys.testRecipients(), queryFn: listTestRecipients, enabled: opened });

  const fields = ['FIRST NAME', 'LAST NAME', ...dataFields.map(bare)];

  useEffect(() => {
    if (!opened) return;
    setTried(false);
    setValues((current) => ({ 'FIRST NAME': user.first_name || 'Alex', 'LAST NAME': user.last_name || 'Morgan', ...current }));
  }, [opened, user.first_name, user.last_name]);

  const missing = (name: string) => tried && !(values[name] ?? '').trim();
  const send = async () => {
    setTried(true);
    if (!email || fields.some((f) => !(values[f] ?? '').trim())) return;
    setSending(true);
    try {
      await sendTestEmail(
        certificateId,
        email,
        fields.map((name) => ({ name, value: values[name]!.trim() })),
      );
      notifySuccess('Email sent. Please check admin email inbox.');
      onClose();
    } catch (error) {
      notifyError(errorMessage(error));
    } finally {
      setSending(false);
    }
  };

  return (
    <Modal opened={opened} onClose={onClose} title="Send test email" size="lg">
      <Stack gap="md">
        <Text size="sm" c="dimmed">
          The saved email is sent to this address with the sample values below in place of each field.
        </Text>
        <Select
          label="Send to"
          description="You, or a confirmed user of this account"
          data={recipients.data?.emails ?? [user.email]}
          value={email}
          onChange={(value) => setEmail(value ?? user.email)}
          allowDeselect={false}
          searchable
          error={recipients.isError ? errorMessage(recipients.error) : null}
          data-autofocus
        />
        <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="sm">
          {fields.map((name) => (
            <TextInput
              key={name}
              label={`[${name}]`}
              value={values[name] ?? ''}
              placeholder={`Sample ${name.toLowerCase()}`}
              onChange={(e) => {
                const value = e.currentTarget.value;
                setValues((v) => ({ ...v, [name]: value }));
              }}
              error={missing(name) ? 'Fill in a sample value.' : null}
            />
          ))}
        </SimpleGrid>
        <Group justify="flex-end">
          <Button variant="default" onClick={onClose}>
            Cancel
          </Button>
          <Button onClick={() => void send()} loading={sending}>
            Send test
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}
