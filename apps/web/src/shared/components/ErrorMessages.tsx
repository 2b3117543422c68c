import { List, Text } from '@mantine/core';
import { errorMessages } from '../api/errors.ts';

/** A failure's messages inside an alert: a list when the server named several problems, else one line. */
export function ErrorMessages({ error }: { error: unknown }) {
  const messages = errorMessages(error);
  if (messages.length === 1) return <Text size="sm">{messages[0]}</Text>;
  return (
    <List size="sm" spacing={2}>
      {messages.map((message) => (
        <List.Item key={message}>{message}</List.Item>
      ))}
    </List>
  );
}
