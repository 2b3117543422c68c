import { List, Stack, Text, Title } from '@mantine/core';

/** The Terms of Service shown in the terms dialog at registration and account confirmation. */
export function TermsText() {
  return (
    <Stack gap="sm">
      <Text size="sm" c="stone.6">
        These terms govern your use of Laurel, the service for designing, sending and verifying certificates. By creating an account or
        setting your password you agree to them on behalf of yourself and the organisation you register.
      </Text>
      <Title order={3} fz="md">
        1. Your account
      </Title>
      <Text size="sm">
        Keep your sign-in details confidential and tell us promptly at support@laurel.example if you suspect someone else has used them. You
        are responsible for what is done in your account, including by team members you invite.
      </Text>
      <Title order={3} fz="md">
        2. Your content and your recipients
      </Title>
      <Text size="sm">
        You keep all rights to the designs, logos and recipient data you upload. You grant Laurel the permission needed to store, render and
        deliver them on your behalf. You confirm that you may send certificates to the people you import and that the information on each
        certificate is accurate.
      </Text>
      <Title order={3} fz="md">
        3. Acceptable use
      </Title>
      <List size="sm" spacing={4}>
        <List.Item>Do not issue certificates that misrepresent a qualification, an institution or a person.</List.Item>
        <List.Item>Do not use Laurel to send unsolicited bulk email or content that is unlawful or harmful.</List.Item>
        <List.Item>Do not attempt to access other accounts, probe the service, or disrupt it for others.</List.Item>
      </List>
      <Title order={3} fz="md">
        4. Plans, credits and payment
      </Title>
      <Text size="sm">
        Sending a certificate uses one credit. Subscriptions renew monthly until cancelled; credits bought as packs do not expire while your
        account is open. Prices are shown before you pay, and taxes may apply.
      </Text>
      <Title order={3} fz="md">
        5. Verification and records
      </Title>
      <Text size="sm">
        Certificates you send can be verified by anyone holding the link or QR code for as long as your account is open. If you revoke a
        certificate or close your account, verification will show that it is no longer valid.
      </Text>
      <Title order={3} fz="md">
        6. Privacy
      </Title>
      <Text size="sm">
        We process personal data only to provide the service, as described in our privacy notice. You can export or delete your data at any
        time from your account settings.
      </Text>
      <Title order={3} fz="md">
        7. Changes and termination
      </Title>
      <Text size="sm">
        We may update these terms and will tell you in advance of material changes. You may close your account at any time; we may suspend
        accounts that breach these terms after giving notice where we reasonably can.
      </Text>
    </Stack>
  );
}
