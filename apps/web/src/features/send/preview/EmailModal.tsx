import { Alert, Group, Modal, SegmentedControl, Skeleton, Stack, Table, Text } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { errorMessage } from '../../../shared/api/errors.ts';
import { type PreviewDevice, PreviewFrame } from '../../email-editor/index.ts';
import { previewRecipientEmail, type RecipientValues, type SendCertificate } from '../api/send.ts';
import { sendKeys } from '../query-keys.ts';

/** The email this row's recipient will get: subject, sender, and the message at desktop or phone width. */
export function EmailModal({
  certificate,
  values,
  name,
  onClose,
}: {
  certificate: SendCertificate;
  values: RecipientValues | null;
  name: string;
  onClose: () => void;
}) {
  const [device, setDevice] = useState<PreviewDevice>('desktop');
  const email = useQuery({
    queryKey: sendKeys.recipientEmail(certificate.id, values),
    queryFn: () => previewRecipientEmail(certificate.id, values!),
    enabled: values !== null,
    retry: false,
  });
  return (
    <Modal opened={values !== null} onClose={onClose} title={`Email to ${name}`} size="xl">
      <Stack gap="md">
        {email.isPending && (
          <Stack gap="xs">
            <Skeleton h={16} w="50%" />
            <Skeleton h={16} w="70%" />
            <Skeleton h={360} />
          </Stack>
        )}
        {email.isError && (
          <Alert color="red" title="The email could not be composed">
            {errorMessage(email.error)}
          </Alert>
        )}
        {email.data && (
          <>
            <Table withRowBorders={false} verticalSpacing={2} fz="sm" aria-label="Message headers">
              <Table.Tbody>
                {[
                  ['Subject', email.data.subject],
                  ['From', email.data.from],
                  ['To', email.data.to],
                  ['Reply-To', email.data.reply_to],
                ].map(([label, value]) => (
                  <Table.Tr key={label}>
                    <Table.Td w={90} c="dimmed">
                      {label}
                    </Table.Td>
                    <Table.Td style={{ wordBreak: 'break-word' }}>{value}</Table.Td>
                  </Table.Tr>
                ))}
              </Table.Tbody>
            </Table>
            {email.data.html ? (
              <>
                <Group justify="center">
                  <SegmentedControl
                    size="xs"
                    value={device}
                    onChange={(v) => setDevice(v as PreviewDevice)}
                    data={[
                      { value: 'desktop', label: 'Desktop' },
                      { value: 'mobile', label: 'Phone' },
                    ]}
                    aria-label="Preview width"
                  />
                </Group>
                <PreviewFrame html={email.data.html} device={device} title={`Email to ${name}`} />
              </>
            ) : (
              <Text component="pre" size="sm" style={{ whiteSpace: 'pre-wrap' }}>
                {email.data.text}
              </Text>
            )}
          </>
        )}
      </Stack>
    </Modal>
  );
}
