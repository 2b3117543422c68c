import { PORTAL_MEMO_MAX, PORTAL_MESSAGES, type PortalCertificate } from '@laurel/domain';
import { Anchor, AspectRatio, Button, Card, Group, Image, Stack, Text, Textarea } from '@mantine/core';
import { IconBrandLinkedin, IconDeviceFloppy, IconDownload, IconExternalLink, IconMailForward } from '@tabler/icons-react';
import { useMutation } from '@tanstack/react-query';
import { useState } from 'react';
import { errorMessage } from '../../shared/api/errors.ts';
import { formatDate } from '../../shared/lib/format.ts';
import { notifyError, notifySuccess } from '../../shared/lib/notify.ts';
import { emailAgain, updateMemo } from './api.ts';

/**
 * One certificate in the portal grid: its image, what and from whom, its PDF and LinkedIn (where the issuer's plan has it),
 * the holder's memo, and a copy by email.
 */
export function PortalCertificateCard({
  certificate,
  email,
  noLogin,
}: {
  certificate: PortalCertificate;
  email: string;
  noLogin: boolean;
}) {
  const [memo, setMemo] = useState(certificate.memo);
  const [saved, setSaved] = useState(certificate.memo);
  const save = useMutation({
    mutationFn: () => updateMemo(certificate.id, memo),
    onSuccess: () => {
      setSaved(memo);
      notifySuccess(PORTAL_MESSAGES.memoSaved);
    },
    onError: () => notifyError(PORTAL_MESSAGES.memoFailed),
  });
  const resend = useMutation({
    mutationFn: () => emailAgain(certificate.id, noLogin ? email : undefined),
    onSuccess: () => notifySuccess(PORTAL_MESSAGES.emailSent),
    onError: (error) => notifyError(errorMessage(error)),
  });

  return (
    <Card withBorder radius="md" padding="md" component="article" aria-label={certificate.title}>
      <Card.Section>
        <Anchor href={certificate.public_url} target="_blank" rel="noopener" aria-label={`Open ${certificate.title}`}>
          {/* A-series paper, landscape; other shapes are letterboxed. */}
          <AspectRatio ratio={Math.SQRT2} bg="stone.0">
            <Image
              src={certificate.image_url}
              alt={`${certificate.title} certificate of ${certificate.first_name} ${certificate.last_name}`}
              fit="contain"
              loading="lazy"
            />
          </AspectRatio>
        </Anchor>
      </Card.Section>
      <Stack gap={4} mt="md">
        <Text fw={650} lineClamp={2}>
          {certificate.title}
        </Text>
        <Text size="sm" c="stone.6">
          {certificate.issuer}
        </Text>
        <Group gap="md" wrap="wrap">
          <Text size="xs" c="stone.6">
            Earned {formatDate(certificate.earned)}
          </Text>
          <Text size="xs" c="stone.6">
            Expires {certificate.expired === 'None' ? 'never' : certificate.expired}
          </Text>
          <Anchor href={certificate.public_url} target="_blank" rel="noopener" size="xs">
            View online <IconExternalLink size={11} style={{ verticalAlign: 'middle' }} />
          </Anchor>
        </Group>
      </Stack>

      {noLogin ? (
        certificate.memo && (
          <Text size="sm" mt="sm" c="stone.7">
            {certificate.memo}
          </Text>
        )
      ) : (
        <Stack gap={6} mt="md">
          <Textarea
            label="Memo"
            placeholder="A note for yourself"
            autosize
            minRows={2}
            maxRows={5}
            maxLength={PORTAL_MEMO_MAX}
            value={memo}
            onChange={(e) => setMemo(e.currentTarget.value)}
          />
          <Group justify="flex-end">
            <Button
              size="compact-sm"
              variant="light"
              leftSection={<IconDeviceFloppy size={14} />}
              loading={save.isPending}
              disabled={memo === saved}
              onClick={() => save.mutate()}
            >
              Save memo
            </Button>
          </Group>
        </Stack>
      )}
      <Stack gap="xs" mt="md">
        <Button component="a" href={certificate.pdf_url} download fullWidth variant="light" leftSection={<IconDownload size={16} />}>
          Download PDF
        </Button>
        {certificate.linkedin_url && (
          <Button
            component="a"
            href={certificate.linkedin_url}
            target="_blank"
            rel="noopener noreferrer"
            fullWidth
            variant="default"
            leftSection={<IconBrandLinkedin size={16} color="#0a66c2" aria-hidden />}
          >
            Add to LinkedIn
          </Button>
        )}
        <Button
          fullWidth
          variant="default"
          leftSection={<IconMailForward size={16} />}
          loading={resend.isPending}
          onClick={() => resend.mutate()}
        >
          Email it to me again
        </Button>
      </Stack>
    </Card>
  );
}
