import { adjustButtonColor, type ButtonColors, contrastRatio, DEFAULT_BUTTON_COLORS, parseColor } from '@laurel/domain';
import { Alert, Box, Group, SimpleGrid, Stack, Text, TextInput } from '@mantine/core';
import { IconAlertTriangle } from '@tabler/icons-react';
import { ButtonColorInput } from './ButtonColorInput.tsx';
import type { SectionProps } from './types.ts';
import { useColorWarning } from './useColorWarning.ts';

/**
 * The download button's text, text colour and background. A colour that would make the button hard
 * to read, or too pale to see, is moved to the nearest accepted one at once, with the reason.
 */
export function ButtonSection({ design, onChange, readOnly, errors }: SectionProps) {
  const styles = design.button_styles;
  const [warning, warn] = useColorWarning();

  const choose = (changed: keyof ButtonColors, value: string) => {
    const { colors, message } = adjustButtonColor({ color: styles.color, background: styles.background, [changed]: value }, changed);
    if (message) warn(message);
    onChange({ button_styles: { ...styles, ...colors } });
  };

  const text = parseColor(styles.color);
  const background = parseColor(styles.background);
  const ratio = text && background ? contrastRatio(text, background) : null;

  return (
    <Stack gap="sm">
      <TextInput
        label="Button text"
        maxLength={60}
        value={styles.text}
        onChange={(e) => onChange({ button_styles: { ...styles, text: e.currentTarget.value } })}
        readOnly={readOnly}
        error={errors['button_styles.text']}
      />
      <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="sm">
        <ButtonColorInput
          label="Text colour"
          value={styles.color}
          onCommit={(value) => choose('color', value)}
          readOnly={readOnly}
          error={errors['button_styles.color']}
          swatches={['#ffffff', '#f7f8f6', '#17201a', '#000000']}
        />
        <ButtonColorInput
          label="Button colour"
          value={styles.background}
          onCommit={(value) => choose('background', value)}
          readOnly={readOnly}
          error={errors['button_styles.background']}
          swatches={[
            DEFAULT_BUTTON_COLORS.background,
            '#1f7550',
            '#1971c2',
            '#3b5bdb',
            '#7048e8',
            '#c2255c',
            '#c92a2a',
            '#e8590c',
            '#17201a',
          ]}
        />
      </SimpleGrid>
      {warning && (
        <Alert color="orange" variant="light" icon={<IconAlertTriangle size={18} />} role="alert">
          {warning}
        </Alert>
      )}
      <Group gap="md" align="center">
        <Box
          component="span"
          aria-label="Button sample"
          style={{
            display: 'inline-block',
            padding: '12px 26px',
            borderRadius: 6,
            background: styles.background,
            color: styles.color,
            fontWeight: 700,
            fontFamily: design.email_font_family,
          }}
        >
          {styles.text || ' '}
        </Box>
        {ratio !== null && (
          <Text size="xs" c="dimmed">
            Contrast {ratio.toFixed(1)} : 1
          </Text>
        )}
      </Group>
    </Stack>
  );
}
