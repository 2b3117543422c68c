import {
  bestTextOn,
  colorContrast,
  DARK_TEXT,
  MIN_TEXT_CONTRAST,
  PORTAL_LABEL_MAX,
  PORTAL_SOCIALS,
  type PortalSettings,
  type PortalSocial,
} from '@laurel/domain';
import { Button, Card, ColorInput, FileButton, Group, Image, SimpleGrid, Stack, Switch, Text, Textarea, TextInput } from '@mantine/core';
import { IconPhoto, IconTrash } from '@tabler/icons-react';
import type { ReactNode } from 'react';
import { useState } from 'react';
import { errorMessage } from '../../shared/api/errors.ts';
import { notifySuccess } from '../../shared/lib/notify.ts';
import { uploadPortalBackground } from './api.ts';

/** The settings form's sections (docs/product/recipient-portal.md#what-is-kept "Portal settings"), one card each. */

export function Section({ title, description, children }: { title: string; description?: string; children: ReactNode }) {
  return (
    <Card padding="xl" shadow="xs" component="section" aria-label={title}>
      <Stack gap="md">
        <div>
          <Text fw={650} size="lg">
            {title}
          </Text>
          {description && (
            <Text size="sm" c="stone.6">
              {description}
            </Text>
          )}
        </div>
        {children}
      </Stack>
    </Card>
  );
}

const SWATCHES = ['#66701F', '#BFC551', '#3D6B35', '#1E3A5F', '#0F766E', '#7C2D12', '#6B21A8', '#F4F5F0', '#FFFFFF', '#111827'];

export function NameSection(props: { value: string; max: number; placeholder: string; error?: string; onChange(text: string): void }) {
  const length = [...props.value.trim()].length;
  return (
    <Section title="Portal name" description="Shown at the top of every portal page. Leave it empty to show your account’s name.">
      <TextInput
        label="Portal name"
        placeholder={props.placeholder}
        value={props.value}
        error={props.error}
        description={`${length} of ${props.max} characters, on one line`}
        onChange={(e) => props.onChange(e.currentTarget.value)}
      />
    </Section>
  );
}

export function BackgroundSection({
  value,
  error,
  onChange,
}: {
  value: PortalSettings['background'];
  error?: string;
  onChange(background: PortalSettings['background']): void;
}) {
  const [uploading, setUploading] = useState(false);
  const [uploadError, setUploadError] = useState<string | null>(null);
  const upload = async (file: File | null) => {
    if (!file) return;
    setUploading(true);
    setUploadError(null);
    try {
      const reply = await uploadPortalBackground(file);
      notifySuccess(reply.message);
      onChange({ ...value, enable: true, image: reply.imagepath });
    } catch (failure) {
      setUploadError(errorMessage(failure));
    } finally {
      setUploading(false);
    }
  };
  return (
    <Section title="Background" description="A colour, and an image over it if you upload one (PNG, JPEG, GIF or WebP, at most 2 MB).">
      <Switch
        label="Use my own background"
        checked={value.enable}
        onChange={(e) => {
          const enable = e.currentTarget.checked;
          onChange({ ...value, enable });
        }}
      />
      {value.enable && (
        <Stack gap="md">
          <ColorInput
            label="Background colour"
            format="hex"
            swatches={SWATCHES}
            value={value.color}
            error={error && !value.image ? error : undefined}
            onChange={(color) => onChange({ ...value, color })}
            maw={280}
          />
          <Group gap="md" align="center">
            {value.image && <Image src={value.image} alt="Background image" w={96} h={60} radius="sm" fit="cover" />}
            <FileButton onChange={(file) => void upload(file)} accept="image/png,image/jpeg,image/gif,image/webp">
              {(props) => (
                <Button {...props} variant="default" leftSection={<IconPhoto size={16} />} loading={uploading}>
                  {value.image ? 'Replace image' : 'Upload image'}
                </Button>
              )}
            </FileButton>
            {value.image && (
              <Button
                variant="subtle"
                color="red"
                leftSection={<IconTrash size={16} />}
                onClick={() => onChange({ ...value, image: null })}
              >
                Remove image
              </Button>
            )}
          </Group>
          {(uploadError || (error && value.image)) && (
            <Text size="sm" c="red" role="alert">
              {uploadError ?? error}
            </Text>
          )}
        </Stack>
      )}
    </Section>
  );
}

const SOCIAL_LABELS: Record<PortalSocial, string> = {
  facebook: 'Facebook',
  twitter: 'X (Twitter)',
  linkedin: 'LinkedIn',
  pinterest: 'Pinterest',
};

export function LinksSection(props: {
  website: string;
  socials: PortalSettings['company_socials'];
  fieldError(field: string): string | undefined;
  onWebsite(url: string): void;
  onSocials(socials: PortalSettings['company_socials']): void;
}) {
  return (
    <Section title="Website and social pages" description="Links shown under the portal. Full addresses, starting with https://.">
      <TextInput
        label="Company website"
        type="url"
        placeholder="https://www.example.org"
        value={props.website}
        error={props.fieldError('company_website.url')}
        onChange={(e) => props.onWebsite(e.currentTarget.value)}
      />
      <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md">
        {PORTAL_SOCIALS.map((social) => (
          <TextInput
            key={social}
            label={SOCIAL_LABELS[social]}
            type="url"
            placeholder="https://"
            value={props.socials[social]}
            error={props.fieldError(`company_socials.${social}`)}
            onChange={(e) => props.onSocials({ ...props.socials, [social]: e.currentTarget.value })}
          />
        ))}
      </SimpleGrid>
    </Section>
  );
}

export function TextSection(props: { value: string; max: number; error?: string; onChange(text: string): void }) {
  return (
    <Section title="Custom text" description="A few words for your recipients under the sign-in, shown as plain text.">
      <Textarea
        label="Custom text"
        autosize
        minRows={3}
        maxRows={8}
        value={props.value}
        error={props.error}
        description={`${[...props.value.trim()].length} of ${props.max} characters`}
        onChange={(e) => props.onChange(e.currentTarget.value)}
      />
    </Section>
  );
}

/** How well the label reads on the button, and what the portal draws when it does not read well enough (WCAG 1.4.3). */
function contrastNote(contrast: number | null, background: string): string {
  if (contrast === null) return 'Hex codes, such as #FFFFFF.';
  const ratio = `Contrast ${contrast.toFixed(1)}:1`;
  if (contrast >= MIN_TEXT_CONTRAST) return `${ratio}, easy to read.`;
  const best = bestTextOn(background);
  if ((colorContrast(background, best) ?? 0) < MIN_TEXT_CONTRAST)
    return `${ratio} is too faint, and no label reads well on this button colour: choose a darker or a lighter one.`;
  return `${ratio} is too faint: the portal draws the label ${best === DARK_TEXT ? 'near-black' : 'white'} instead.`;
}

export function LoginButtonSection({
  value,
  fieldError,
  onChange,
}: {
  value: PortalSettings['login_button'];
  fieldError(field: string): string | undefined;
  onChange(button: PortalSettings['login_button']): void;
}) {
  const contrast = colorContrast(value.background, value.color);
  return (
    <Section title="Login button" description="The colours and the label of the portal’s sign-in button.">
      <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md">
        <ColorInput
          label="Button colour"
          description="Picking one sets the label to white or near-black, whichever reads better on it."
          format="hex"
          swatches={SWATCHES}
          value={value.background}
          error={fieldError('login_button.background')}
          // A new button colour brings the label colour that reads best on it; the label can still be changed after.
          onChange={(background) =>
            onChange({ ...value, background, color: colorContrast(background, DARK_TEXT) === null ? value.color : bestTextOn(background) })
          }
        />
        <ColorInput
          label="Label colour"
          description={contrastNote(contrast, value.background)}
          format="hex"
          swatches={SWATCHES}
          value={value.color}
          error={fieldError('login_button.color')}
          onChange={(color) => onChange({ ...value, color })}
        />
      </SimpleGrid>
      <TextInput
        label="Button label"
        placeholder="Login"
        maxLength={PORTAL_LABEL_MAX}
        value={value.text}
        error={fieldError('login_button.text')}
        onChange={(e) => onChange({ ...value, text: e.currentTarget.value })}
      />
    </Section>
  );
}
