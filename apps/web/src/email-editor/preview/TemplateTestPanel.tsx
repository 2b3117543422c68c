import { Button, Paper, Stack, Text } from '@mantine/core';
import { IconSend } from '@tabler/icons-react';
import { useState } from 'react';
import { sendTemplateTestEmail } from '../../api/certificate-email.ts';
import { errorMessage } from '../../api/errors.ts';
import { notifyError, notifySuccess } from '../../lib/notify.ts';

/**
 * A global template has no account, recipients or data of its own to compose a preview from; the
 * super-admin checks it in a real inbox instead, sent with sample data to their own address.
 */
export function TemplateTestPanel({ styleId, userId, userEmail, saved }: { styleId: string; userId: number; userEmail: string; saved: boolean }) {
  const [sending, setSending] = useState(false);
  const send = async () => {
    if (!saved) {
      notifyError('You must first save the Certificate in order to preview');
      return;
    }
    setSending(true);
    try {
      await sendTemplateTestEmail(userId, styleId);
      notifySuccess('Email sent. Please check admin email inbox.');
    } catch (error) {
      notifyError(errorMessage(error));
    } finally {
      setSending(false);
    }
  };
  return (
    <Paper withBorder radius="lg" p="md" component="section" aria-label="Test the template">
      <Stack gap="sm" align="flex-start">
        <Text fw={650}>Test the template</Text>
        <Text size="sm" c="dimmed">
          Accounts that start from this template get this email. Send the saved version to {userEmail} to see it as a recipient would, with sample data.
        </Text>
        <Button variant="light" leftSection={<IconSend size={16} />} loading={sending} onClick={() => void send()}>
          Send test to me
        </Button>
      </Stack>
    </Paper>
  );
}
