import type { SendRequest } from '@laurel/domain';
import { Button, Group, Modal, Stack, Text, TextInput } from '@mantine/core';
import { IconSend } from '@tabler/icons-react';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { type ReactNode, useEffect, useState } from 'react';
import { emailRecipient, PROJECTS_KEY, SENDER_REQUIRED, sendEmails, useSendFeedback } from '../projects/index.ts';

/** One send or resend the issuer is about to confirm. */
export interface SendIntent {
  projectId: number;
  title: string;
  description: ReactNode;
  confirmLabel: string;
  body: Omit<SendRequest, 'sender_name'>;
  /** One recipient emailed on their own: sent through `recipients/{id}/email` rather than the project's send. */
  recipientId?: number;
  /** The project's sender name, offered again. */
  senderName: string | null;
}

/** Confirms a send or resend with the sender name the email goes out under (docs/product/store.md#rules-and-limits). */
export function SendDialog({ intent, onClose }: { intent: SendIntent | null; onClose(): void }) {
  const queryClient = useQueryClient();
  const feedback = useSendFeedback();
  const [sender, setSender] = useState('');
  const [error, setError] = useState<string | null>(null);
  useEffect(() => {
    setSender(intent?.senderName ?? '');
    setError(null);
  }, [intent]);

  const send = useMutation({
    mutationFn: () =>
      intent!.recipientId !== undefined
        ? emailRecipient(intent!.recipientId, sender.trim())
        : sendEmails(intent!.projectId, { ...intent!.body, sender_name: sender.trim() }),
    onSuccess: (result) => {
      feedback.sent(result);
      onClose();
    },
    onError: (e) => {
      feedback.failed(e);
      onClose();
    },
    onSettled: () => queryClient.invalidateQueries({ queryKey: PROJECTS_KEY }),
  });

  return (
    <Modal opened={intent !== null} onClose={onClose} title={intent?.title}>
      <form
        onSubmit={(event) => {
          event.preventDefault();
          if (!sender.trim()) return setError(SENDER_REQUIRED);
          send.mutate();
        }}
      >
        <Stack gap="md">
          <Text size="sm" c="stone.7">
            {intent?.description}
          </Text>
          <TextInput
            label="Sender name"
            description="Shown as the sender of the email."
            size="sm"
            value={sender}
            error={error}
            onChange={(event) => {
              setSender(event.currentTarget.value);
              setError(null);
            }}
          />
          <Group justify="flex-end">
            <Button variant="default" onClick={onClose}>
              Cancel
            </Button>
            <Button type="submit" leftSection={<IconSend size={16} />} loading={send.isPending}>
              {intent?.confirmLabel}
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}
