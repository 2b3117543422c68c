import { Button, Group, Stack, Switch, Text, Textarea } from '@mantine/core';
import type { SectionProps } from './types.ts';

/**
 * Plain text only: the message goes without an HTML part, with the text the issuer writes here.
 * It can start from the formatted body's words.
 */
export function PlainTextSection({ design, onChange, readOnly, bodyText }: SectionProps & { bodyText: () => string }) {
  return (
    <Stack gap="sm">
      <Switch
        label="Send as plain text only"
        description="No formatting, images or button: some organisations’ mail filters prefer it."
        checked={design.plain_text_only}
        onChange={(e) => onChange({ plain_text_only: e.currentTarget.checked })}
        disabled={readOnly}
      />
      {design.plain_text_only && (
        <>
          <Textarea
            label="Plain-text message"
            autosize
            minRows={6}
            maxRows={16}
            value={design.email_body_text}
            onChange={(e) => onChange({ email_body_text: e.currentTarget.value })}
            readOnly={readOnly}
          />
          <Group justify="space-between">
            <Text size="xs" c="dimmed">
              [DOWNLOAD_CERTIFICATE_LINK] becomes the address of the recipient’s certificate.
            </Text>
            {!readOnly && (
              <Button variant="subtle" size="compact-sm" onClick={() => onChange({ email_body_text: bodyText() })}>
                Copy text from the formatted message
              </Button>
            )}
          </Group>
        </>
      )}
    </Stack>
  );
}
