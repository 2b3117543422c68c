import { type LogoReply, UPLOAD_MAX_BYTES, UPLOAD_TOO_LARGE_MESSAGE } from '@laurel/domain';
import { Button, Card, Center, Group, Image, SegmentedControl, Stack, Text, TextInput } from '@mantine/core';
import { Dropzone } from '@mantine/dropzone';
import { IconLink, IconPhoto, IconPhotoUp, IconTrash } from '@tabler/icons-react';
import { useState } from 'react';
import { errorMessages } from '../../../shared/api/errors.ts';
import { FormError } from '../../../shared/forms/FormError.tsx';
import { notifySuccess } from '../../../shared/lib/notify.ts';
import { removeLogo, setLogoFromUrl, uploadLogo } from './api.ts';

const LOGO_TYPES = ['image/png', 'image/jpeg', 'image/gif', 'image/webp'];

interface LogoCardProps {
  accountId: number;
  imagepath: string | null;
  /** Account admins change it; sub-users see it. */
  editable: boolean;
  onChanged: () => Promise<unknown>;
}

/** The account's logo: a file dropped or chosen, or an image the server fetches from a web address. */
export function LogoCard({ accountId, imagepath, editable, onChanged }: LogoCardProps) {
  const [source, setSource] = useState<'file' | 'url'>('file');
  const [address, setAddress] = useState('');
  const [busy, setBusy] = useState(false);
  const [errors, setErrors] = useState<string[] | null>(null);

  const run = async (action: () => Promise<LogoReply>) => {
    setBusy(true);
    setErrors(null);
    try {
      const reply = await action();
      await onChanged();
      notifySuccess(reply.message);
      setAddress('');
    } catch (failure) {
      setErrors(errorMessages(failure));
    } finally {
      setBusy(false);
    }
  };

  return (
    <Card padding="xl" shadow="xs" h="100%">
      <Stack gap="md">
        <div>
          <Text fw={650} size="lg">
            Logo
          </Text>
          <Text size="sm" c="stone.6">
            Shown on your recipient portal and offered as the logo of your certificates.
          </Text>
        </div>
        <Center h={132} bg="stone.0" style={{ borderRadius: 12, border: '1px solid var(--laurel-border)' }} data-testid="account-logo">
          {imagepath ? (
            <Image src={imagepath} alt="Account logo" mah={112} maw="85%" fit="contain" />
          ) : (
            <Stack align="center" gap={4}>
              <IconPhoto size={30} stroke={1.4} color="var(--mantine-color-stone-4)" />
              <Text size="sm" c="stone.5">
                No logo yet
              </Text>
            </Stack>
          )}
        </Center>
        {editable && (
          <>
            {errors && <FormError title={errors[0]}>{errors.slice(1).join(' ') || null}</FormError>}
            <SegmentedControl
              fullWidth
              size="xs"
              aria-label="Where the logo comes from"
              value={source}
              onChange={(value) => setSource(value as 'file' | 'url')}
              data={[
                { value: 'file', label: 'File' },
                { value: 'url', label: 'Web address' },
              ]}
            />
            {source === 'file' ? (
              <Dropzone
                onDrop={(files) => files[0] && void run(() => uploadLogo(accountId, files[0]!))}
                onReject={(rejections) =>
                  setErrors([
                    rejections[0]?.errors[0]?.code === 'file-too-large'
                      ? UPLOAD_TOO_LARGE_MESSAGE
                      : 'The file must be a PNG, JPEG, GIF or WebP image.',
                  ])
                }
                maxSize={UPLOAD_MAX_BYTES}
                accept={LOGO_TYPES}
                multiple={false}
                loading={busy}
                aria-label="Upload a logo"
                radius="md"
              >
                <Group justify="center" gap="sm" mih={72} style={{ pointerEvents: 'none' }}>
                  <IconPhotoUp size={26} stroke={1.5} color="var(--mantine-color-laurel-6)" />
                  <div>
                    <Text size="sm" fw={500}>
                      Drop your logo here or click to choose it
                    </Text>
                    <Text size="xs" c="dimmed">
                      PNG, JPEG, GIF or WebP, up to 2 MB
                    </Text>
                  </div>
                </Group>
              </Dropzone>
            ) : (
              <form
                onSubmit={(event) => {
                  event.preventDefault();
                  if (address.trim()) void run(() => setLogoFromUrl(accountId, address.trim()));
                }}
              >
                <Group gap="xs" align="flex-end" wrap="nowrap">
                  <TextInput
                    label="Image address"
                    placeholder="https://example.com/logo.png"
                    leftSection={<IconLink size={16} />}
                    value={address}
                    onChange={(event) => setAddress(event.currentTarget.value)}
                    style={{ flex: 1 }}
                    type="url"
                  />
                  <Button type="submit" loading={busy} disabled={!address.trim()}>
                    Use image
                  </Button>
                </Group>
              </form>
            )}
            {imagepath && (
              <Group>
                <Button
                  variant="subtle"
                  color="red"
                  size="xs"
                  leftSection={<IconTrash size={14} />}
                  disabled={busy}
                  onClick={() => void run(() => removeLogo(accountId))}
                >
                  Remove logo
                </Button>
              </Group>
            )}
          </>
        )}
      </Stack>
    </Card>
  );
}
