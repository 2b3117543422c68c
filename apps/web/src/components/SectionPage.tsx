import { Stack } from '@mantine/core';
import type { ReactNode } from 'react';
import { EmptyPanel, type EmptyPanelAction } from './EmptyPanel.tsx';
import { PageHeader } from './PageHeader.tsx';

export interface SectionDef {
  eyebrow?: string;
  title: string;
  description: ReactNode;
  icon: ReactNode;
  empty: { title: string; description: ReactNode; action?: EmptyPanelAction; secondary?: EmptyPanelAction };
  headerAction?: ReactNode;
}

/** A screen whose list is still empty: what it is for, and the first thing to do there. */
export function SectionPage({ def, children }: { def: SectionDef; children?: ReactNode }) {
  return (
    <Stack gap={0}>
      <PageHeader eyebrow={def.eyebrow} title={def.title} description={def.description} actions={def.headerAction} />
      <Stack gap="xl">
        {children}
        <EmptyPanel icon={def.icon} {...def.empty} />
      </Stack>
    </Stack>
  );
}

/** Builds a page component from its definition, so an area lists its screens as data. */
export function sectionPage(def: SectionDef) {
  // biome-ignore lint/correctness/noComponentHookFactories: called once per screen at module level, never while rendering, so each screen keeps one stable component
  function Section() {
    return <SectionPage def={def} />;
  }
  Section.displayName = def.title.replace(/\W/g, '');
  return Section;
}
