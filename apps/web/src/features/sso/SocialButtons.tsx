import { SOCIAL_PROVIDER_LABELS, SOCIAL_PROVIDERS } from '@laurel/domain';
import { Button, Divider, Stack } from '@mantine/core';
import { IconBrandGoogle, IconBrandLinkedin, IconBrandWindows, IconKey } from '@tabler/icons-react';
import { useAppConfig } from '../../shared/session/queries.ts';

const ICONS = { google: IconBrandGoogle, azure: IconBrandWindows, linkedin: IconBrandLinkedin } as const;

/**
 * "Continue with SSO" and the social buttons under the password form. A provider's button shows only
 * when the operator configured it (`GET /api/config`); the buttons are plain links, since the server
 * sends the browser on to the provider. On the credentials portal they name the host (`account`).
 */
export function SocialButtons({ onSso, accountHost }: { onSso?: () => void; accountHost?: string }) {
  const config = useAppConfig();
  const enabled = SOCIAL_PROVIDERS.filter((p) => config.data?.social_sign_in[p]);
  if (!onSso && enabled.length === 0) return null;
  const query = accountHost ? `?account=${encodeURIComponent(accountHost)}` : '';
  return (
    <Stack gap="sm">
      <Divider label="or" labelPosition="center" />
      {onSso && (
        <Button variant="default" size="md" fullWidth leftSection={<IconKey size={18} />} onClick={onSso}>
          Continue with SSO
        </Button>
      )}
      {enabled.map((provider) => {
        const Icon = ICONS[provider];
        return (
          <Button
            key={provider}
            component="a"
            href={`/login/${provider}${query}`}
            variant="default"
            size="md"
            fullWidth
            leftSection={<Icon size={18} />}
          >
            Continue with {SOCIAL_PROVIDER_LABELS[provider]}
          </Button>
        );
      })}
    </Stack>
  );
}
