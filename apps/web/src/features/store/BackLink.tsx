import { Anchor } from '@mantine/core';
import { IconArrowLeft } from '@tabler/icons-react';
import { Link } from 'react-router';

export interface BackTo {
  label: string;
  to: string;
}

/** The way back from one project to the list it was opened from. */
export function BackLink({ label, to }: BackTo) {
  return (
    <Anchor component={Link} to={to} size="sm" c="stone.7" mb="sm" style={{ display: 'inline-flex', alignItems: 'center', gap: 4 }}>
      <IconArrowLeft size={14} /> {label}
    </Anchor>
  );
}
