import { ActionIcon, List, Modal, Stack, Text, Tooltip } from '@mantine/core';
import { IconHelpCircle } from '@tabler/icons-react';
import { useState } from 'react';

/** The help dialog of the custom server form: which port goes with which kind of security. */
export function SecurityHelp() {
  const [opened, setOpened] = useState(false);
  return (
    <>
      <Tooltip label="Ports and security">
        <ActionIcon variant="subtle" color="stone" aria-label="Help with ports and security" onClick={() => setOpened(true)}>
          <IconHelpCircle size={18} />
        </ActionIcon>
      </Tooltip>
      <Modal opened={opened} onClose={() => setOpened(false)} title="Ports and security" size="lg">
        <Stack gap="sm">
          <Text size="sm">Your email provider’s documentation lists the host, port and security to use for sending (SMTP).</Text>
          <List size="sm" spacing="xs">
            <List.Item>
              <b>SSL/TLS, port 465</b>: the connection is encrypted from the first byte.
            </List.Item>
            <List.Item>
              <b>STARTTLS, port 587</b> (sometimes 25): the connection starts plain and is upgraded to encryption before anything is sent.
              Laurel refuses to go on if the server does not offer the upgrade.
            </List.Item>
            <List.Item>
              <b>None</b>: nothing is encrypted, your password included. Use it only on a network you trust.
            </List.Item>
          </List>
          <Text size="sm">
            Most servers ask for a user name and password (often your full email address). The sender address must be one your server is
            allowed to send from, or it may refuse the message or mark it as spam.
          </Text>
          <Text size="sm">“Test connection” connects, signs in and disconnects: no message is sent.</Text>
        </Stack>
      </Modal>
    </>
  );
}
