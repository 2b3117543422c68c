import { canvasSize, migrateDesign, newDesign, PAGE_FORMATS, type PageFormat } from '@laurel/certificate';
import { PERMISSION_MESSAGES, type Style } from '@laurel/domain';
import {
  Badge,
  Button,
  Card,
  Center,
  Group,
  SegmentedControl,
  SimpleGrid,
  Skeleton,
  Stack,
  Text,
  UnstyledButton,
  VisuallyHidden,
} from '@mantine/core';
import { IconArrowLeft, IconPlus, IconTemplate } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { type ReactNode, useState } from 'react';
import { Link, useNavigate } from 'react-router';
import { EmptyPanel } from '../../shared/components/EmptyPanel.tsx';
import { LoadFailed } from '../../shared/components/LoadFailed.tsx';
import { PageHeader } from '../../shared/components/PageHeader.tsx';
import { useSignedInUser } from '../../shared/session/queries.ts';
import { createCertificate, listStyles } from './api.ts';
import { builderAccess } from './builder/access.ts';
import { type AfterCreate, CreateSetDialog } from './parts/CreateSetDialog.tsx';
import { showCreateError } from './parts/create-errors.ts';
import { loadPagePreference, savePagePreference } from './parts/page-preference.ts';
import { prepareBuilder } from './parts/prepare-builder.ts';
import classes from './parts/StartTile.module.css';
import { Thumbnail } from './parts/Thumbnail.tsx';
import { designerKeys } from './query-keys.ts';

type Start = { label: string; styleId?: number; portrait?: boolean };

/** Templates with a QR code need the Advanced plan; the tile says so before the user tries. */
const hasQrCode = (style: Style) => [...style.elements, ...style.back_side_elements].some((e) => e.type === 'qrcode');

function BlankPage({ format, portrait }: { format: PageFormat; portrait: boolean }) {
  const page = canvasSize(format, portrait);
  return (
    <Center style={{ aspectRatio: '4 / 3', background: 'linear-gradient(180deg, #f3f4f6, #e9ebee)', padding: 14 }}>
      <Center
        bg="white"
        style={{
          aspectRatio: `${page.width} / ${page.height}`,
          height: portrait ? '100%' : undefined,
          width: portrait ? undefined : '100%',
          maxWidth: '100%',
          maxHeight: '100%',
          boxShadow: '0 1px 2px rgba(15,23,42,.1), 0 6px 16px -6px rgba(15,23,42,.25)',
        }}
      >
        <IconPlus size={28} stroke={1.3} color="var(--mantine-color-gray-5)" />
      </Center>
    </Center>
  );
}

/**
 * /build/new: the global templates in the order super-admins gave them (the server lists them so), or a
 * blank page; a name, then the certificate or its email (docs/product/builder.md#new-certificate).
 */
export function NewCertificatePage() {
  const user = useSignedInUser();
  const access = builderAccess(user);
  const navigate = useNavigate();
  const styles = useQuery({ queryKey: designerKeys.styles(), queryFn: listStyles });
  const [start, setStart] = useState<Start | null>(null);
  // The page a blank certificate starts on: what this user chose last time, else Letter.
  const [preference] = useState(() => loadPagePreference(user.id));
  const [format, setFormat] = useState<PageFormat>(preference?.format ?? 'Letter');
  const [busy, setBusy] = useState<AfterCreate | null>(null);
  const templates = styles.data?.styles ?? [];

  const create = async (name: string, next: AfterCreate) => {
    if (!start) return;
    setBusy(next);
    try {
      const portrait = Boolean(start.portrait);
      const set = await createCertificate(
        start.styleId ? { name, style_id: start.styleId } : { name, format, is_portrait: portrait, rotate_bg: portrait },
      );
      if (!start.styleId) savePagePreference(user.id, { format, is_portrait: portrait });
      setStart(null);
      void navigate(next === 'email' ? `/build/${set.id}/email` : `/build/${set.id}`);
    } catch (error) {
      showCreateError(error, navigate);
    } finally {
      setBusy(null);
    }
  };

  if (!access.create) {
    return (
      <EmptyPanel
        icon={<IconTemplate size={26} stroke={1.6} />}
        title="Access denied"
        description={PERMISSION_MESSAGES.createSets}
        action={{ label: 'Back to your designs', to: '/build' }}
      />
    );
  }

  const pick = (choice: Start) => {
    setStart(choice);
    const style = templates.find((t) => t.id === choice.styleId);
    prepareBuilder(style ? migrateDesign(style) : newDesign(format, Boolean(choice.portrait)));
  };

  // The button is named by what it shows ("Use" is for screen readers), so its name holds its visible
  // text (WCAG 2.5.3); the picture comes first on screen and last in the name.
  const tile = (key: string, label: string, visual: ReactNode, choose: Start, meta?: string, badge?: string) => (
    <Card key={key} withBorder padding={0} radius="md" className={classes.tile}>
      <UnstyledButton onClick={() => pick(choose)} className={classes.choice}>
        <Stack gap={2} p="sm">
          <Text fw={600} truncate>
            <VisuallyHidden>Use </VisuallyHidden>
            {label}
          </Text>
          {meta && (
            <Group gap={6}>
              <Text size="xs" c="dimmed">
                {meta}
              </Text>
              {badge && (
                <Badge size="xs" variant="light">
                  {badge}
                </Badge>
              )}
            </Group>
          )}
        </Stack>
        <div className={classes.visual}>{visual}</div>
      </UnstyledButton>
    </Card>
  );

  return (
    <Stack gap={0}>
      <PageHeader
        eyebrow="Build"
        title="Start a new certificate"
        description="Pick a template to adapt, or start from a blank page. You can change everything afterwards."
        actions={
          <Button component={Link} to="/build" variant="subtle" leftSection={<IconArrowLeft size={16} />}>
            Your designs
          </Button>
        }
      />
      <Group justify="space-between" align="center" gap="xs" mb={12}>
        <Text className={classes.heading} mb={0}>
          Blank
        </Text>
        <Group gap={8}>
          <Text size="xs" c="dimmed" component="span" aria-hidden>
            Paper size
          </Text>
          <SegmentedControl
            size="xs"
            aria-label="Paper size"
            value={format}
            onChange={(value) => {
              setFormat(value as PageFormat);
              savePagePreference(user.id, { ...preference, format: value as PageFormat });
            }}
            data={[...PAGE_FORMATS]}
          />
        </Group>
      </Group>
      <SimpleGrid cols={{ base: 2, sm: 3, md: 4 }} spacing="lg" mb="xl">
        {[false, true].map((portrait) => {
          const label = portrait ? 'Blank portrait' : 'Blank landscape';
          const lastUsed = preference?.is_portrait === portrait;
          return tile(
            label,
            label,
            <BlankPage format={format} portrait={portrait} />,
            { label, portrait },
            `${format} · ${portrait ? 'Portrait' : 'Landscape'}`,
            lastUsed ? 'Last used' : undefined,
          );
        })}
      </SimpleGrid>
      <Text className={classes.heading}>Templates</Text>
      {styles.isError && (
        <LoadFailed title="The templates could not be loaded" error={styles.error} onRetry={() => void styles.refetch()} />
      )}
      <SimpleGrid cols={{ base: 2, sm: 3, md: 4 }} spacing="lg">
        {/* biome-ignore lint/suspicious/noArrayIndexKey: identical loading placeholders with nothing else to key by; they never reorder */}
        {styles.isPending && Array.from({ length: 8 }, (_, i) => <Skeleton key={i} style={{ aspectRatio: '4 / 3.6' }} radius="md" />)}
        {templates.map((style) =>
          tile(
            String(style.id),
            style.name,
            <Thumbnail src={style.image} portrait={style.is_portrait} label={style.name} />,
            { label: style.name, styleId: style.id },
            `${style.format} · ${style.is_portrait ? 'Portrait' : 'Landscape'}${!access.qrCode && hasQrCode(style) ? ' · QR code needs Advanced' : ''}`,
          ),
        )}
      </SimpleGrid>
      {styles.isSuccess && !templates.length && (
        <Text size="sm" c="dimmed" ta="center" py="xl">
          No templates yet. Start from a blank page.
        </Text>
      )}
      <CreateSetDialog
        startingPoint={start?.label ?? null}
        busy={busy}
        canEditEmail={access.editEmail}
        onClose={() => setStart(null)}
        onCreate={create}
      />
    </Stack>
  );
}
