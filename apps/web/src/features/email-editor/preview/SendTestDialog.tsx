import type { CertificateDesign } from '@laurel/certificate';
import { type EmailDesign, SAMPLE_CERTIFICATE_NUMBER, testEmailSentMessage } from '@laurel/domain';
import { Button, Group, Modal, Select, SimpleGrid, Stack, Text, TextInput } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useEffect, useMemo, useState } from 'react';
import { errorMessage } from '../../../shared/api/errors.ts';
import { notifyError, notifySuccess } from '../../../shared/lib/notify.ts';
import { listTestRecipients, sendTestEmail } from '../api.ts';
import { emailEditorKeys } from '../query-keys.ts';
import { showsCertificateNumber, testValues } from './test-values.ts';

interface SendTestDialogProps {
  opened: boolean;
  onClose: () => void;
  certificateId: string;
  /** The signed-in user: the address the test goes to by default. */
  userEmail: string;
  /** The set's certificate, whose fields and samples the test uses. */
  certificate: CertificateDesign;
  /** The saved email (a test is only offered once the editor is saved). */
  email: EmailDesign;
}

/** An emptied value is refused here, as the server refuses it: a blank would arrive as a gap in the message. */
const emptyMessage = (sample: string) => (sample ? `Type a value, such as the sample “${sample}”.` : 'Type a value.');

/**
 * Sends the saved email to one address, so the issuer sees it in a real inbox (docs/product/email-editor.md#flows).
 * It asks only for the names and the certificate's own fields, prefilled with the design's sample, and sends what is
 * typed; the certificate number is the sample's. Tests go to the user or a confirmed user of the account, never to
 * anyone else (docs/decisions/0011-certificate-email.md).
 */
export function SendTestDialog({ opened, onClose, certificateId, userEmail, certificate, email }: SendTestDialogProps) {
  const fields = useMemo(() => testValues(certificate, email), [certificate, email]);
  const [to, setTo] = useState(userEmail);
  const [values, setValues] = useState<Record<string, string>>({});
  const [sending, setSending] = useState(false);
  const [tried, setTried] = useState(false);
  const recipients = useQuery({ queryKey: emailEditorKeys.testRecipients(), queryFn: listTestRecipients, enabled: opened });

  // Each opening starts from the design's sample, so a value typed for one test does not linger in the next.
  useEffect(() => {
    if (!opened) return;
    setTried(false);
    setValues(Object.fromEntries(fields.map((f) => [f.name, f.sample])));
  }, [opened, fields]);

  const empty = (name: string) => tried && !(values[name] ?? '').trim();
  const send = async () => {
    setTried(true);
    if (fields.some((f) => !(values[f.name] ?? '').trim())) return;
    setSending(true);
    try {
      const sent = await sendTestEmail(
        certificateId,
        to,
        fields.map((f) => ({ name: f.name, value: values[f.name]!.trim() })),
      );
      notifySuccess(testEmailSentMessage(sent.to));
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
          The saved email and its certificate, filled with these values. They start as the design’s sample; change any of them to see how a
          recipient’s own will look.
        </Text>
        <Select
          label="Send to"
          description="You, or a confirmed user of this account"
          data={recipients.data?.emails ?? [userEmail]}
          value={to}
          onChange={(value) => setTo(value ?? userEmail)}
          allowDeselect={false}
          searchable
          error={recipients.isError ? errorMessage(recipients.error) : null}
          data-autofocus
        />
        {fields.length > 0 && (
          <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="sm">
            {fields.map(({ name, sample }) => (
              <TextInput
                key={name}
                label={`[${name}]`}
                value={values[name] ?? ''}
                onChange={(e) => {
                  const value = e.currentTarget.value;
                  setValues((v) => ({ ...v, [name]: value }));
                }}
                error={empty(name) ? emptyMessage(sample) : null}
              />
            ))}
          </SimpleGrid>
        )}
        {showsCertificateNumber(certificate) && (
          <Text size="sm" c="dimmed" data-testid="test-certificate-number">
            The certificate number reads {SAMPLE_CERTIFICATE_NUMBER}: each recipient gets their own when the set is sent.
          </Text>
        )}
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
