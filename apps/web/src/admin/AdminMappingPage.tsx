import { IconAffiliate } from '@tabler/icons-react';
import { useParams } from 'react-router';
import { SectionPage } from '../components/SectionPage.tsx';
import { eyebrow, icon } from './admin-section.tsx';

export function AdminMappingPage() {
  const { id } = useParams();
  return (
    <SectionPage
      def={{
        eyebrow,
        title: `Mapping ${id ?? ''}`.trim(),
        description: 'The columns this mapping expects and the certificate fields they fill.',
        icon: icon(IconAffiliate),
        empty: {
          title: 'No columns in this mapping',
          description: 'Add the columns an import must contain and the field each one fills.',
          action: { label: 'All mappings', to: '/admin/build/mappings' },
        },
      }}
    />
  );
}
