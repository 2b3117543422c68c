import { Anchor, Checkbox } from '@mantine/core';
import { useDisclosure } from '@mantine/hooks';
import type { ReactNode } from 'react';
import { TermsDialog } from './TermsDialog.tsx';

interface TermsCheckboxProps {
  checked: boolean;
  onChange: (checked: boolean) => void;
  error?: ReactNode;
  /** Says up front that agreeing is needed, before anyone presses the button. */
  requirement?: string;
}

/** "I agree to the Terms of Service", with the terms one click away in a dialog; agreeing is required, and it says so. */
export function TermsCheckbox({ checked, onChange, error, requirement = 'Required to continue.' }: TermsCheckboxProps) {
  const [open, dialog] = useDisclosure(false);
  return (
    <>
      <Checkbox
        checked={checked}
        onChange={(event) => onChange(event.currentTarget.checked)}
        error={error}
        description={requirement}
        aria-required
        aria-label="I agree to the Terms of Service"
        label={
          <>
            I agree to the{' '}
            <Anchor component="button" type="button" size="sm" onClick={dialog.open} style={{ verticalAlign: 'baseline' }}>
              Terms of Service
            </Anchor>
          </>
        }
      />
      <TermsDialog opened={open} onClose={dialog.close} onAccept={() => onChange(true)} />
    </>
  );
}
