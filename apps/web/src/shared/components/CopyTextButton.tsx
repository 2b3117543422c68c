import { Button, type ButtonProps, CopyButton } from '@mantine/core';
import { IconCheck, IconCopy } from '@tabler/icons-react';

interface CopyTextButtonProps extends Pick<ButtonProps, 'size' | 'variant'> {
  value: string;
  /** What the button says before copying ("Copy key"); it says "Copied" for a moment after. */
  label: string;
  /** The id of the text that tells what is copied, when the label alone does not. */
  describedBy?: string;
}

/** A button that copies a value shown beside it (a command, a key, a secret) to the clipboard. */
export function CopyTextButton({ value, label, describedBy, size = 'xs', variant = 'default' }: CopyTextButtonProps) {
  const icon = size === 'xs' ? 14 : 16;
  return (
    <CopyButton value={value}>
      {({ copied, copy }) => (
        <Button
          size={size}
          variant={variant}
          leftSection={copied ? <IconCheck size={icon} /> : <IconCopy size={icon} />}
          onClick={copy}
          aria-describedby={describedBy}
        >
          {copied ? 'Copied' : label}
        </Button>
      )}
    </CopyButton>
  );
}
