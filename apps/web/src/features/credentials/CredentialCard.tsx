import { type Credential, PORTAL_MEMO_MAX } from '@laurel/domain';
import { Anchor, AspectRatio, Badge, Box, Button, Card, Group, Image, Stack, Text, Textarea } from '@mantine/core';
import { IconExternalLink } from '@tabler/icons-react';
import { useState } from 'react';
import { formatDate } from '../../shared/lib/format.ts';
import { notifyError, notifySuccess } from '../../shared/lib/notify.ts';
import { saveMemo } from './api.ts';

/** A landscape Letter page, the designs' usual shape; other shapes are fitted inside it. */
const IMAGE_RATIO = 11 / 8.5;

/** One certificate in the holder's grid: its picture, issuer, dates, link, and the holder's own memo. */
export function CredentialCard({ credential, onSaved }: { credential: Credential; onSaved: () => void }) {
  const [memo, setMemo] = useState(credential.memo);
  const [saving, setSaving] = useState(false);
  const changed = memo.trim() !== credential.memo;
  const name = `${credential.first_name} ${credential.last_name}`.trim();

  const save = async () => {
    setSaving(true);
    try {
      await saveMemo(credential.id, memo.trim());
      notifySuccess('Memo saved');
      onSaved();
    } catch {
      notifyError('Error saving memo');
    } finally {
      setSaving(false);
    }
  };

  return (
    <Card
      withBorder
      shadow="xs"
      padding="md"
      radius="md"
      component="article"
      aria-label={`${credential.certificate_name} from ${credential.issuer.name}`}
    >
      <Card.Section>
        <Anchor href={credential.url} target="_blank" rel="noopener" aria-label={`Open ${credential.certificate_name}`}>
          <AspectRatio ratio={IMAGE_RATIO} bg="stone.0">
            <Image src={credential.image_url} alt={`${credential.certificate_name} awarded to ${name}`} loading="lazy" fit="contain" />
          </AspectRatio>
        </Anchor>
      </Card.Section>
      <Stack gap={6} mt="md">
        <Group justify="space-between" gap="xs" wrap="nowrap">
          <Text size="xs" fw={700} tt="uppercase" c="laurel.7" lineClamp={1} style={{ letterSpacing: '0.04em' }}>
            {credential.issuer.name}
          </Text>
          {credential.revoked && (
            <Badge color="red" variant="light" size="sm">
              Revoked
            </Badge>
          )}
        </Group>
        <Text fw={650} size="lg" lh={1.3} lineClamp={2}>
          {credential.certificate_name}
        </Text>
        <Text size="sm" c="stone.6">
          {name}
        </Text>
        <Group gap="lg" mt={4}>
          <Box>
            <Text size="xs" c="stone.6">
              Earned
            </Text>
            <Text size="sm" fw={500}>
              {formatDate(credential.earned)}
            </Text>
          </Box>
          <Box>
            <Text size="xs" c="stone.6">
              Expires
            </Text>
            <Text size="sm" fw={500}>
              {credential.expired === 'None' ? 'None' : formatDate(`${credential.expired}T12:00:00Z`)}
            </Text>
          </Box>
        </Group>
        <Textarea
          mt="xs"
          label="Memo"
          placeholder="Add a note for yourself"
          autosize
          minRows={1}
          maxRows={4}
          maxLength={PORTAL_MEMO_MAX}
          value={memo}
          onChange={(event) => setMemo(event.currentTarget.value)}
        />
        <Group justify="space-between" mt={4}>
          <Anchor href={credential.url} target="_blank" rel="noopener" size="sm" fw={600}>
            <Group gap={4} wrap="nowrap">
              View certificate <IconExternalLink size={14} />
            </Group>
          </Anchor>
          <Button size="xs" variant={changed ? 'filled' : 'default'} disabled={!changed} loading={saving} onClick={() => void save()}>
            Save memo
          </Button>
        </Group>
      </Stack>
    </Card>
  );
}
