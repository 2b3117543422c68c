import type { PortalAccount } from '@laurel/domain';
import { Group, Image, Text } from '@mantine/core';

/** The issuer at the top of the portal's forms: its logo only where branding applies (docs/product/recipient-portal.md#screens). */
export function PortalBrand({ account }: { account: PortalAccount }) {
  // Without branding the header names the issuer already; the form does not repeat it.
  if (!account.branding || !account.logo) return null;
  return (
    <Group gap="sm" mb="lg" wrap="nowrap" data-branding={account.branding ? 'on' : 'off'}>
      <Image src={account.logo} alt={`${account.name} logo`} h={40} w="auto" fit="contain" />
      <Text fw={650} size="sm" c="stone.7" truncate>
        {account.name}
      </Text>
    </Group>
  );
}
