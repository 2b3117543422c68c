import { Alert } from '@mantine/core';
import { IconAlertCircle } from '@tabler/icons-react';
import type { ReactNode } from 'react';

/** A form-level error, announced to screen readers as it appears. */
export function FormError({ children, title }: { children: ReactNode; title?: string }) {
  return (
    <Alert color="red" variant="light" icon={<IconAlertCircle size={18} />} role="alert" title={title} data-testid="form-error">
      {children}
    </Alert>
  );
}
