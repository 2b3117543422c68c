import { FONT_SIZES_PX } from '@laurel/certificate';
import { Autocomplete } from '@mantine/core';
import { useEffect, useState } from 'react';

/** Sizes a typed value may take: small print to a poster headline. */
export const FONT_SIZE_MIN = 4;
export const FONT_SIZE_MAX = 400;

const LISTED = FONT_SIZES_PX.map(String);

/** "41px" → "41", "12.5px" → "12.5"; what the field shows for a stored size. */
export const sizeLabel = (px: number) => String(Math.round(px * 10) / 10);

/** A typed size in pixels, or null for something that is not one (it is then not applied). */
export function parseFontSize(text: string): number | null {
  const n = Number.parseFloat(text.replace(',', '.'));
  if (!Number.isFinite(n)) return null;
  return Math.min(FONT_SIZE_MAX, Math.max(FONT_SIZE_MIN, Math.round(n * 10) / 10));
}

interface FontSizeInputProps {
  /** The selected element's size in pixels, whatever it is (templates use sizes the list does not have). */
  value: number;
  /** Changes whenever another element is selected, so that a half-typed size never carries over. */
  resetKey: unknown;
  onApply: (px: number) => void;
}

/**
 * The font size: the spec's list to pick from, or any size typed and applied with Enter or on leaving
 * the field. It always shows the selected element's own size.
 */
export function FontSizeInput({ value, resetKey, onApply }: FontSizeInputProps) {
  const shown = sizeLabel(value);
  const [draft, setDraft] = useState(shown);
  // biome-ignore lint/correctness/useExhaustiveDependencies: another element selected (the key) resets a half-typed size even when the sizes are equal
  useEffect(() => setDraft(shown), [shown, resetKey]);

  const commit = (text: string) => {
    const px = parseFontSize(text);
    if (px === null) return setDraft(shown);
    setDraft(sizeLabel(px));
    if (px !== value) onApply(px);
  };

  return (
    <Autocomplete
      aria-label="Font size"
      data={LISTED}
      value={draft}
      onChange={setDraft}
      onOptionSubmit={commit}
      onBlur={() => commit(draft)}
      onKeyDown={(event) => {
        if (event.key === 'Enter') commit(event.currentTarget.value);
        if (event.key === 'Escape') setDraft(shown);
      }}
      // Every listed size stays on offer whatever is typed: the list is a menu, not a search.
      filter={({ options }) => options}
      inputMode="decimal"
      w={70}
      size="xs"
      maxDropdownHeight={320}
      comboboxProps={{ withinPortal: true }}
    />
  );
}
