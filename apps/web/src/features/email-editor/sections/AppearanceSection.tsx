import { EMAIL_FONT_SIZES } from '@laurel/domain';
import { Select, SimpleGrid } from '@mantine/core';
import { EMAIL_FONTS, fontLabel } from '../typography-options.ts';
import type { SectionProps } from './types.ts';

const SIZE_OPTIONS = EMAIL_FONT_SIZES.map((size) =>
  size === 0 ? { value: 'inherit', label: 'Reader’s default' } : { value: String(size), label: `${size} px` },
);

/** The font and size the whole message is set in; the toolbar changes single words. */
export function AppearanceSection({ design, onChange, readOnly }: SectionProps) {
  const current = fontLabel(design.email_font_family);
  const fonts = EMAIL_FONTS.map((f) => ({ value: f.label, label: f.label }));
  if (current && !fonts.some((f) => f.value === current)) fonts.unshift({ value: current, label: current });
  return (
    <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="sm">
      <Select
        label="Email font"
        data={fonts}
        value={current}
        onChange={(value) => value && onChange({ email_font_family: value })}
        allowDeselect={false}
        readOnly={readOnly}
      />
      <Select
        label="Email text size"
        data={SIZE_OPTIONS}
        value={design.email_font_size.replace(/px$/, '')}
        onChange={(value) => value && onChange({ email_font_size: value })}
        allowDeselect={false}
        readOnly={readOnly}
      />
    </SimpleGrid>
  );
}
