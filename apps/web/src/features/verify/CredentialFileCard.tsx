import { VERIFY_FILE_MAX_BYTES } from '@laurel/domain';
import { Alert, Button, Card, Stack, Text } from '@mantine/core';
import { Dropzone } from '@mantine/dropzone';
import { IconFileCertificate, IconUpload } from '@tabler/icons-react';
import { useMutation } from '@tanstack/react-query';
import { useRef, useState } from 'react';
import { errorMessage } from '../../shared/api/errors.ts';
import { verifyCredentialFile } from './api.ts';
import { CredentialVerdict } from './CredentialVerdict.tsx';
import { VerifyCardHeading } from './VerifyCardHeading.tsx';

// Any file is taken: the server tells a PDF, a PNG or JSON from its bytes (a saved file may have lost its
// extension) and says clearly when a file carries no credential. Only the size is checked here.
const rejection = (code: string | undefined) =>
  code === 'file-too-large'
    ? 'The file is larger than 10 MB.'
    : 'Choose one file: the certificate PDF, its PNG image or its credential (JSON).';

/**
 * The verify page's second way in: the certificate file itself (its PDF, its PNG image or its credential),
 * whose Open Badges credential the server checks against its issuer's signature and revocation list.
 */
export function CredentialFileCard() {
  const openRef = useRef<() => void>(null);
  const [rejected, setRejected] = useState<string | null>(null);
  const check = useMutation({ mutationFn: verifyCredentialFile });
  const onFile = (file: File) => {
    setRejected(null);
    check.mutate(file);
  };

  return (
    <Card withBorder radius="md" shadow="xs" padding="xl" component="section" aria-labelledby="verify-file-title">
      <Stack gap="lg">
        <VerifyCardHeading icon={<IconFileCertificate size={24} />} id="verify-file-title" title="Check a certificate file" order={2}>
          Have the certificate's PDF or image, or its verifiable credential? Add it here: its issuer's digital signature shows whether it is
          genuine, unchanged and still valid.
        </VerifyCardHeading>
        <Dropzone
          openRef={openRef}
          activateOnClick={false}
          onDrop={(files) => files[0] && onFile(files[0])}
          onReject={(rejections) => setRejected(rejection(rejections[0]?.errors[0]?.code))}
          maxSize={VERIFY_FILE_MAX_BYTES}
          multiple={false}
          loading={check.isPending}
          inputProps={{ 'aria-label': 'Certificate file' }}
          radius="md"
          p="lg"
        >
          <Stack align="center" gap={6} style={{ pointerEvents: 'none' }}>
            <IconUpload size={28} stroke={1.5} color="var(--mantine-color-laurel-6)" aria-hidden />
            <Text fw={600} ta="center">
              Drop the certificate file here
            </Text>
            <Text size="sm" c="dimmed" ta="center">
              PDF, PNG or JSON, up to 10 MB
            </Text>
            <Button variant="light" mt={6} onClick={() => openRef.current?.()} style={{ pointerEvents: 'all' }}>
              Choose a file
            </Button>
          </Stack>
        </Dropzone>
        {(rejected || check.isError) && (
          <Alert color="red" variant="light" role="alert">
            {rejected ?? errorMessage(check.error)}
          </Alert>
        )}
        {check.isSuccess && !rejected && <CredentialVerdict report={check.data} fileName={check.variables.name} />}
      </Stack>
    </Card>
  );
}
