import type { Project } from '@laurel/domain';
import { Text, Title } from '@mantine/core';
import { formatDateTime } from '../../shared/lib/format.ts';

/** A project's title at the head of its pages. */
export function ProjectTitle({ title }: { title: string }) {
  return (
    <Title order={2} className="display-title" fz={26} style={{ overflowWrap: 'anywhere' }}>
      {title}
    </Title>
  );
}

/** Where a project comes from: its certificate, when it was made and whom its emails come from. */
export function ProjectOrigin({ project }: { project: Pick<Project, 'certificate_name' | 'created_at' | 'email_sender_name'> }) {
  return (
    <Text size="sm" c="stone.6">
      {project.certificate_name} · created {formatDateTime(project.created_at)}
      {project.email_sender_name ? ` · sent as ${project.email_sender_name}` : ''}
    </Text>
  );
}
