import { Badge, Box, Button, Group, Paper, Stack, Text } from '@mantine/core';
import { IconArrowsExchange, IconRotate } from '@tabler/icons-react';
import type { ReactNode } from 'react';
import { Thumbnail } from '../designer/index.ts';
import type { SendCertificate } from './api/send.ts';
import { fieldLabel } from './fields.ts';

/** The chosen certificate, kept in view through the wizard: its thumbnail, name and the fields it needs. */
export function CertificateBanner({
  certificate,
  onChange,
  onStartOver,
  children,
}: {
  certificate: SendCertificate;
  onChange?: () => void;
  /** Offered while the wizard holds a list for this certificate: discards it. */
  onStartOver?: () => void;
  children?: ReactNode;
}) {
  const needed = certificate.fields.filter((f) => !f.optional);
  return (
    <Paper withBorder p="sm" radius="md" mb="lg" data-testid="certificate-banner">
      <Group gap="md" wrap="nowrap" align="center">
        <Box w={112} style={{ flexShrink: 0, borderRadius: 8, overflow: 'hidden' }} visibleFrom="xs">
          <Thumbnail src={certificate.image} portrait={certificate.is_portrait} label={certificate.name} />
        </Box>
        <Stack gap={6} style={{ flex: 1, minWidth: 0 }}>
          <Text size="xs" c="dimmed" tt="uppercase" fw={600} style={{ letterSpacing: '0.06em' }}>
            Sending
          </Text>
          <Text fw={650} size="lg" truncate title={certificate.name}>
            {certificate.name}
          </Text>
          <Group gap={6}>
            {needed.map((f) => (
              <Badge
                key={f.key}
                size="sm"
                variant="light"
                color={f.kind === 'data' || f.kind === 'expiration_date' ? 'gilt' : 'laurel'}
                tt="none"
              >
                {fieldLabel(f)}
              </Badge>
            ))}
          </Group>
          {children}
        </Stack>
        {(onChange || onStartOver) && (
          <Stack gap={4} align="flex-end" style={{ alignSelf: 'flex-start', flexShrink: 0 }}>
            {onChange && (
              <Button variant="subtle" size="xs" leftSection={<IconArrowsExchange size={15} />} onClick={onChange}>
                Change
              </Button>
            )}
            {onStartOver && (
              <Button variant="subtle" color="gray" size="xs" leftSection={<IconRotate size={15} />} onClick={onStartOver}>
                Start over
              </Button>
            )}
          </Stack>
        )}
      </Group>
    </Paper>
  );
}
