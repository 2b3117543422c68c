import type { EmailDesign } from '@laurel/domain';
import { Alert, Badge, Box, Button, Group, Loader, Paper, SegmentedControl, Stack, Text } from '@mantine/core';
import { IconDeviceDesktop, IconDeviceMobile, IconRefresh, IconSend } from '@tabler/icons-react';
import { type ReactNode, useState } from 'react';
import { errorMessage } from '../../../shared/api/errors.ts';
import type { EmailOwner } from '../api.ts';
import { type PreviewDevice, PreviewFrame } from './PreviewFrame.tsx';
import { useEmailPreview } from './useEmailPreview.ts';

interface PreviewPanelProps {
  /** A certificate set, or a global template (composed with the product's name for the account). */
  owner: EmailOwner;
  id: string;
  design: EmailDesign;
  /** Absent where test sends do not apply (the read-only view). */
  onSendTest?: () => void;
  /** The test button's label and whether it is busy (a template's test goes straight to the super-admin). */
  sendTestLabel?: string;
  sendingTest?: boolean;
  /** Under the preview: what sample data means here. */
  note?: ReactNode;
}

/** The message as a recipient sees it, refreshed as the issuer writes, on desktop or phone width. */
export function PreviewPanel({
  owner,
  id,
  design,
  onSendTest,
  sendTestLabel = 'Send test email',
  sendingTest = false,
  note,
}: PreviewPanelProps) {
  const [device, setDevice] = useState<PreviewDevice>('desktop');
  const preview = useEmailPreview(owner, id, design);
  const email = preview.data;

  return (
    <Paper withBorder radius="lg" p="md" aria-label="Email preview" component="section">
      <Stack gap="sm">
        <Group justify="space-between" wrap="nowrap">
          <Group gap={8}>
            <Text fw={650}>Preview</Text>
            {preview.isFetching && <Loader size={14} aria-label="Updating preview" />}
          </Group>
          <SegmentedControl
            size="xs"
            aria-label="Preview width"
            value={device}
            onChange={(value) => setDevice(value as PreviewDevice)}
            data={[
              {
                value: 'desktop',
                label: (
                  <Group gap={4} wrap="nowrap">
                    <IconDeviceDesktop size={14} /> Desktop
                  </Group>
                ),
              },
              {
                value: 'mobile',
                label: (
                  <Group gap={4} wrap="nowrap">
                    <IconDeviceMobile size={14} /> Mobile
                  </Group>
                ),
              },
            ]}
          />
        </Group>
        {email && (
          <Box>
            <Text size="xs" c="dimmed">
              Subject
            </Text>
            <Text size="sm" fw={600} data-testid="email-preview-subject" lineClamp={2}>
              {email.subject}
            </Text>
          </Box>
        )}
        {preview.isError && email && (
          <Alert color="orange" variant="light" p="xs" data-testid="email-preview-stale">
            <Text size="xs">Showing the last version that could be composed. {errorMessage(preview.error)}</Text>
          </Alert>
        )}
        {preview.isError && !email && (
          <Alert color="red" variant="light" title="The preview could not be made">
            <Stack gap="xs" align="flex-start">
              <Text size="sm">{errorMessage(preview.error)}</Text>
              <Button size="compact-sm" variant="light" leftSection={<IconRefresh size={14} />} onClick={() => void preview.refetch()}>
                Try again
              </Button>
            </Stack>
          </Alert>
        )}
        {!email && preview.isPending && (
          <Stack align="center" justify="center" h={320} gap="xs">
            <Loader size="sm" />
            <Text size="sm" c="dimmed">
              Composing the message…
            </Text>
          </Stack>
        )}
        {email &&
          (email.html ? (
            <PreviewFrame html={email.html} device={device} title={`Email preview, ${device} width`} />
          ) : (
            <Paper
              withBorder
              radius="md"
              p="md"
              bg="stone.0"
              mah={760}
              style={{ overflow: 'auto', maxWidth: device === 'mobile' ? 360 : undefined }}
            >
              <Badge variant="light" mb="xs">
                Plain text
              </Badge>
              <Text
                component="pre"
                size="sm"
                style={{ whiteSpace: 'pre-wrap', fontFamily: 'var(--mantine-font-family-monospace)', margin: 0 }}
              >
                {email.text}
              </Text>
            </Paper>
          ))}
        <Group justify="space-between">
          <Text size="xs" c="dimmed" maw={260}>
            {note ?? 'Sample data fills the fields. The message is composed exactly as it will be sent.'}
          </Text>
          {onSendTest && (
            <Button variant="light" size="xs" leftSection={<IconSend size={14} />} onClick={onSendTest} loading={sendingTest}>
              {sendTestLabel}
            </Button>
          )}
        </Group>
      </Stack>
    </Paper>
  );
}
