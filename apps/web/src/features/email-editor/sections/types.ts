import type { EmailDesign } from '@laurel/domain';

/** What every section of the editor receives: the design, a way to change it, and the field errors. */
export interface SectionProps {
  design: EmailDesign;
  onChange: (patch: Partial<EmailDesign>) => void;
  readOnly: boolean;
  errors: Record<string, string>;
}
