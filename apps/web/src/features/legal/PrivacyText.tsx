import { SUPPORT_EMAIL } from '@laurel/domain';
import { List, Stack, Text, Title } from '@mantine/core';

/** The privacy policy shown until a super-admin writes the operator's own in Admin settings. */
export function PrivacyText() {
  return (
    <Stack gap="sm">
      <Text size="sm">
        Laurel is used by organisations to design certificates, email them to the people who earned them, and let anyone verify them. This
        policy explains what we keep about you and why.
      </Text>
      <Title order={2} fz="md">
        If you received a certificate
      </Title>
      <Text size="sm">
        The organisation that issued your certificate gave us your name, your email address and the details printed on the certificate. We
        use them only to create your certificate, email it to you, show it at its link and let others verify it. We record when the email
        was delivered and when the certificate was opened, downloaded or added to LinkedIn, and show those facts to the issuer.
      </Text>
      <Title order={2} fz="md">
        If you use Laurel for your organisation
      </Title>
      <Text size="sm">
        We keep your account details, the designs and recipient lists you upload, and a log of sign-ins and administrative actions for
        security.
      </Text>
      <Title order={2} fz="md">
        Your choices
      </Title>
      <List size="sm" spacing={4}>
        <List.Item>Every certificate email has a link to stop further emails from that issuer.</List.Item>
        <List.Item>Ask the issuer, or write to us, to correct or delete the data held about you.</List.Item>
        <List.Item>We do not sell personal data or use it for advertising.</List.Item>
      </List>
      <Text size="sm">Questions: {SUPPORT_EMAIL}.</Text>
    </Stack>
  );
}
