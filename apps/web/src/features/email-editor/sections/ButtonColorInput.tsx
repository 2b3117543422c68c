import { ColorInput } from '@mantine/core';
import { useEffect, useState } from 'react';

const FULL_HEX = /^#[0-9a-f]{6}$/i;
const HEX = /^#(?:[0-9a-f]{3}){1,2}$/i;

interface ButtonColorInputProps {
  label: string;
  value: string;
  onCommit: (value: string) => void;
  readOnly: boolean;
  error?: string;
  swatches: string[];
}

/**
 * A colour field that hands over a colour only once it is complete: a full #rrggbb from the picker
 * or the keyboard, or any valid value when the field is left. Checking '#f8f' half-way through
 * typing '#f8f9fa' would adjust a colour the issuer never meant.
 */
export function ButtonColorInput({ label, value, onCommit, readOnly, error, swatches }: ButtonColorInputProps) {
  const [draft, setDraft] = useState(value);
  useEffect(() => setDraft(value), [value]);

  return (
    <ColorInput
      label={label}
      format="hex"
      value={draft}
      onChange={setDraft}
      onChangeEnd={(color) => {
        if (FULL_HEX.test(color) && color.toLowerCase() !== value.toLowerCase()) onCommit(color);
      }}
      onBlur={() => {
        if (HEX.test(draft) && draft.toLowerCase() !== value.toLowerCase()) onCommit(draft);
        else setDraft(value);
      }}
      readOnly={readOnly}
      error={error}
      swatches={swatches}
    />
  );
}
