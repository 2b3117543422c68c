import { IconCertificate, IconFileSpreadsheet, IconSend } from '@tabler/icons-react';
import { useParams } from 'react-router';
import { SectionPage, sectionPage } from '../../components/SectionPage.tsx';

/** Send: choose a certificate set, import recipients, preview and send. */
export const SendPage = sectionPage({
  eyebrow: 'Send',
  title: 'Send certificates',
  description: 'Choose a certificate design, import your recipients from a spreadsheet, check a preview for each person, and send.',
  icon: <IconSend size={26} stroke={1.6} />,
  empty: {
    title: 'Design a certificate to send',
    description: 'Sending starts from a certificate design. Once you have one, it appears here, ready for a list of recipients.',
    action: { label: 'Design a certificate', to: '/build', icon: <IconCertificate size={16} /> },
    secondary: { label: 'See what you have sent', to: '/store' },
  },
});

/** One project on its way out: recipients, preview and the send button. */
export function SendProjectPage() {
  const { id } = useParams();
  return (
    <SectionPage
      def={{
        eyebrow: 'Send',
        title: `Project ${id ?? ''}`.trim(),
        description: 'Import the people who receive this certificate, match your columns to its fields, and send when the preview looks right.',
        icon: <IconFileSpreadsheet size={26} stroke={1.6} />,
        empty: {
          title: 'Add your recipients',
          description: 'Upload a CSV or Excel file with a name and an email address for each person. You can review every certificate before it goes out.',
          action: { label: 'Back to Send', to: '/send' },
        },
      }}
    />
  );
}
