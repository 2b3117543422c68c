import { Alert, Button, Card, Checkbox, Code, CopyButton, Group, SimpleGrid, Stack, Text } from '@mantine/core';
import { IconCheck, IconCopy, IconDownload, IconLifebuoy } from '@tabler/icons-react';
import { useState } from 'react';

function download(codes: string[]) {
  const text = `Laurel recovery codes\nEach code signs you in once if you cannot use your authenticator app.\n\n${codes.join('\n')}\n`;
  const url = URL.createObjectURL(new Blob([text], { type: 'text/plain' }));
  const link = document.createElement('a');
  link.href = url;
  link.download = 'laurel-recovery-codes.txt';
  link.click();
  URL.revokeObjectURL(url);
}

/** Shown once, right after two-factor is turned on: the server keeps only their hashes. */
export function RecoveryCodes({ codes, onDone }: { codes: string[]; onDone: () => void }) {
  const [saved, setSaved] = useState(false);
  return (
    <Card padding="xl" shadow="xs" data-testid="recovery-codes">
      <Stack gap="md">
        <Alert color="laurel" variant="light" icon={<IconCheck size={18} />} title="Two-factor authentication is on">
          From now on, signing in asks for a code from your authenticator app.
        </Alert>
        <Group gap="xs">
          <IconLifebuoy size={20} />
          <Text fw={650}>Save your recovery codes</Text>
        </Group>
        <Text size="sm" c="stone.6" maw={600}>
          If you lose your phone, each of these codes signs you in once instead of the app&apos;s code. Keep them somewhere safe, such as a
          password manager. This is the only time we show them.
        </Text>
        <SimpleGrid cols={{ base: 2, sm: 5 }} spacing="xs">
          {codes.map((code) => (
            <Code key={code} fz="sm" ta="center" py={6}>
              {code}
            </Code>
          ))}
        </SimpleGrid>
        <Group gap="sm">
          <CopyButton value={codes.join('\n')}>
            {({ copied, copy }) => (
              <Button variant="default" leftSection={copied ? <IconCheck size={16} /> : <IconCopy size={16} />} onClick={copy}>
                {copied ? 'Copied' : 'Copy all'}
              </Button>
            )}
          </CopyButton>
          <Button variant="default" leftSection={<IconDownload size={16} />} onClick={() => download(codes)}>
            Download
          </Button>
        </Group>
        <Checkbox label="I have saved my recovery codes" checked={saved} onChange={(event) => setSaved(event.currentTarget.checked)} />
        <Group>
          <Button disabled={!saved} onClick={onDone}>
            Done
          </Button>
        </Group>
      </Stack>
    </Card>
  );
}
