import { Alert, Box, Button, Group, Image, Modal, Skeleton, Stack, Text } from '@mantine/core';
import { IconDownload, IconExternalLink } from '@tabler/icons-react';
import { useMutation, useQuery } from '@tanstack/react-query';
import { useEffect, useMemo } from 'react';
import { errorMessage } from '../../../shared/api/errors.ts';
import { notifyError } from '../../../shared/lib/notify.ts';
import { recipientImage, recipientPdf, recipientPreviewLink } from '../api/store.ts';
import { storeKeys } from '../query-keys.ts';

interface PreviewTarget {
  id: number;
  first_name: string;
  last_name: string;
  updated_at: string;
}

/** The certificate image as the recipient has it, fetched with the session and shown from memory. */
export function CertificateImage({ recipient, width = 1280, maxHeight }: { recipient: PreviewTarget; width?: number; maxHeight?: number }) {
  const image = useQuery({
    queryKey: storeKeys.recipientImage(recipient.id, recipient.updated_at, width),
    queryFn: () => recipientImage(recipient.id, { width }),
    staleTime: 5 * 60_000,
  });
  const url = useMemo(() => (image.data ? URL.createObjectURL(image.data) : null), [image.data]);
  useEffect(() => () => (url ? URL.revokeObjectURL(url) : undefined), [url]);
  const name = `${recipient.first_name} ${recipient.last_name}`.trim();

  if (image.isError)
    return (
      <Alert color="red" variant="light">
        {errorMessage(image.error, 'The certificate could not be drawn.')}
      </Alert>
    );
  if (!url) return <Skeleton h={maxHeight ?? 320} radius="md" />;
  return (
    <Box
      style={{ border: '1px solid var(--laurel-border)', borderRadius: 'var(--mantine-radius-md)', overflow: 'hidden', background: '#fff' }}
    >
      <Image src={url} alt={`Certificate of ${name}`} fit="contain" mah={maxHeight} data-testid="recipient-certificate-image" />
    </Box>
  );
}

function saveBlob(blob: Blob, filename: string) {
  const link = document.createElement('a');
  link.href = URL.createObjectURL(blob);
  link.download = filename;
  link.click();
  window.setTimeout(() => URL.revokeObjectURL(link.href), 10_000);
}

/** The issuer's view of one recipient's certificate, with the PDF to open or download. */
export function CertificatePreviewModal({ recipient, onClose }: { recipient: PreviewTarget | null; onClose(): void }) {
  const links = useQuery({
    queryKey: storeKeys.recipientLinks(recipient?.id),
    queryFn: () => recipientPreviewLink(recipient!.id),
    enabled: recipient !== null,
    // Signed links last 10 minutes; fetch fresh ones well before.
    staleTime: 5 * 60_000,
  });
  const download = useMutation({
    mutationFn: () => recipientPdf(recipient!.id),
    onSuccess: (blob) => saveBlob(blob, `${`${recipient!.first_name} ${recipient!.last_name}`.trim().replace(/[^\w\- ]+/g, '')}.pdf`),
    onError: (error) => notifyError(errorMessage(error, 'The PDF could not be downloaded.')),
  });
  const name = recipient ? `${recipient.first_name} ${recipient.last_name}`.trim() : '';

  return (
    <Modal opened={recipient !== null} onClose={onClose} title={`Certificate of ${name}`} size="xl">
      {recipient && (
        <Stack gap="md">
          <CertificateImage recipient={recipient} />
          <Group justify="space-between" wrap="wrap">
            <Text size="xs" c="stone.6" maw={380}>
              This is the certificate as issued to the recipient. Corrections to their details show here and on their link.
            </Text>
            <Group gap="xs">
              <Button
                component="a"
                href={links.data?.pdf}
                target="_blank"
                rel="noopener"
                variant="default"
                leftSection={<IconExternalLink size={16} />}
                disabled={!links.data}
              >
                Open PDF
              </Button>
              <Button leftSection={<IconDownload size={16} />} loading={download.isPending} onClick={() => download.mutate()}>
                Download PDF
              </Button>
            </Group>
          </Group>
        </Stack>
      )}
    </Modal>
  );
}
