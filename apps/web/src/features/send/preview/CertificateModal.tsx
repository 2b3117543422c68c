import { Alert, Center, Group, Modal, SegmentedControl, Skeleton, Stack, Text } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useEffect, useMemo, useState } from 'react';
import { fetchBinary } from '../../../shared/api/binary.ts';
import { errorMessage } from '../../../shared/api/errors.ts';
import { type RecipientValues, recipientImageUrl, type SendCertificate } from '../api/send.ts';
import { sendKeys } from '../query-keys.ts';
import { imageValues } from '../rows.ts';

/** This row's certificate as the server draws it, front and back. */
export function CertificateModal({
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
  const [side, setSide] = useState<'front' | 'back'>('front');
  // biome-ignore lint/correctness/useExhaustiveDependencies: values is the trigger: another recipient opens on the front side
  useEffect(() => setSide('front'), [values]);
  const url = values
    ? recipientImageUrl(certificate.id, imageValues(values, certificate.expiration_date_format), { back: side === 'back', width: 1280 })
    : null;
  const image = useQuery({
    queryKey: sendKeys.recipientImage(url),
    queryFn: () => fetchBinary(url!),
    enabled: url !== null,
    staleTime: 5 * 60_000,
  });
  const objectUrl = useMemo(() => (image.data ? URL.createObjectURL(image.data) : null), [image.data]);
  useEffect(() => () => (objectUrl ? URL.revokeObjectURL(objectUrl) : undefined), [objectUrl]);
  const ratio = certificate.is_portrait ? '8.5 / 11' : '11 / 8.5';

  return (
    <Modal opened={values !== null} onClose={onClose} title={`Certificate for ${name}`} size={certificate.is_portrait ? 'lg' : 'xl'}>
      <Stack gap="md">
        {certificate.use_two_side && (
          <Group justify="center">
            <SegmentedControl
              value={side}
              onChange={(v) => setSide(v as 'front' | 'back')}
              data={[
                { value: 'front', label: 'Front' },
                { value: 'back', label: 'Back' },
              ]}
              aria-label="Side"
            />
          </Group>
        )}
        {image.isPending && <Skeleton style={{ aspectRatio: ratio }} />}
        {image.isError && (
          <Alert color="red" title="The certificate could not be drawn">
            {errorMessage(image.error)}
          </Alert>
        )}
        {objectUrl && (
          <Center>
            <img
              src={objectUrl}
              alt={`Certificate for ${name}`}
              data-testid="recipient-certificate"
              style={{ maxWidth: '100%', display: 'block', boxShadow: '0 1px 2px rgba(15,23,42,.1), 0 10px 28px -10px rgba(15,23,42,.35)' }}
            />
          </Center>
        )}
        <Text size="xs" c="dimmed" ta="center">
          The certificate number and link are added when the certificate is sent.
        </Text>
      </Stack>
    </Modal>
  );
}
