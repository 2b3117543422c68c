import { PORTAL_SOCIALS, type PortalSocial, type PublicPortalSettings } from '@laurel/domain';
import { ActionIcon, Anchor, Group, Stack, Text } from '@mantine/core';
import { IconBrandFacebook, IconBrandLinkedin, IconBrandPinterest, IconBrandX, IconMail, IconWorld } from '@tabler/icons-react';
import type { CSSProperties } from 'react';

const SOCIAL: Record<PortalSocial, { label: string; Icon: typeof IconWorld }> = {
  facebook: { label: 'Facebook', Icon: IconBrandFacebook },
  twitter: { label: 'X (Twitter)', Icon: IconBrandX },
  linkedin: { label: 'LinkedIn', Icon: IconBrandLinkedin },
  pinterest: { label: 'Pinterest', Icon: IconBrandPinterest },
};

/** The page background the settings choose: a colour, with the uploaded image over it; none when off. */
export function portalBackground(look: Pick<PublicPortalSettings, 'background'>): CSSProperties | undefined {
  if (!look.background.enable) return undefined;
  return {
    backgroundColor: look.background.color,
    ...(look.background.image
      ? { backgroundImage: `url("${look.background.image}")`, backgroundSize: 'cover', backgroundPosition: 'center' }
      : {}),
  };
}

/**
 * What the account adds under the portal's content: its text (plain, line breaks kept), its support
 * address, and links to its website and social pages. Nothing when none is set. The text is written for the
 * sign-in ("a few words for your recipients under the sign-in"): `withText` false leaves it out under the list,
 * which the holder reaches after reading it there.
 */
export function PortalExtras({
  look,
  compact = false,
  withText = true,
}: {
  look: PublicPortalSettings;
  compact?: boolean;
  withText?: boolean;
}) {
  const socials = PORTAL_SOCIALS.filter((s) => look.company_socials[s]);
  const website = look.company_website.url;
  const text = withText ? look.custom_text.text : '';
  if (!text && !look.support_email && !website && socials.length === 0) return null;
  const iconSize = compact ? 16 : 18;
  return (
    <Stack
      gap={compact ? 6 : 'xs'}
      align="center"
      ta="center"
      bg="white"
      p={compact ? 'xs' : 'md'}
      maw={480}
      mx="auto"
      w="100%"
      style={{ borderRadius: 'var(--mantine-radius-md)', border: '1px solid var(--laurel-border)' }}
    >
      {text && (
        <Text size={compact ? 'xs' : 'sm'} c="stone.7" style={{ whiteSpace: 'pre-line', overflowWrap: 'anywhere' }}>
          {text}
        </Text>
      )}
      {look.support_email && (
        <Group gap={6} justify="center" wrap="nowrap">
          <IconMail size={iconSize} stroke={1.6} aria-hidden />
          <Anchor size={compact ? 'xs' : 'sm'} href={`mailto:${look.support_email}`} style={{ overflowWrap: 'anywhere' }}>
            {look.support_email}
          </Anchor>
        </Group>
      )}
      {(website || socials.length > 0) && (
        <Group gap={4} justify="center">
          {website && (
            <ActionIcon component="a" href={website} target="_blank" rel="noopener noreferrer" variant="subtle" aria-label="Website">
              <IconWorld size={iconSize} stroke={1.6} />
            </ActionIcon>
          )}
          {socials.map((s) => {
            const { label, Icon } = SOCIAL[s];
            return (
              <ActionIcon
                key={s}
                component="a"
                href={look.company_socials[s]}
                target="_blank"
                rel="noopener noreferrer"
                variant="subtle"
                aria-label={label}
              >
                <Icon size={iconSize} stroke={1.6} />
              </ActionIcon>
            );
          })}
        </Group>
      )}
    </Stack>
  );
}
