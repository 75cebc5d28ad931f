import { Anchor, Box, Button, Text } from '@mantine/core';
import { IconHelpCircle } from '@tabler/icons-react';
import { Link } from 'react-router-dom';
import { usePageMeta } from '../../../lib/page-meta';
import { SUPPORT_EMAIL } from '../../../lib/site';
import marketing from '@/shared/ui/marketing.module.css';
import { PageHeader } from '@/shared/ui/PageHeader';
import { fillText } from '../content/fill-text';
import content from '../content/contact.json';

/** SPEC §2 lists this page as 'title only'; it points to the FAQ and the support address. */
export function HelpCenterPage() {
  const { meta, title, lead, faq, stuck } = content.helpCenter;
  usePageMeta({ title: meta.title, description: fillText(meta.description), keywords: meta.keywords });
  return (
    <Box pb={{ base: 32, sm: 48 }}>
      <PageHeader title={title} lead={lead}>
        <Button
          component={Link}
          to="/faq"
          size="md"
          leftSection={<IconHelpCircle size={18} />}
          style={{ alignSelf: 'flex-start' }}
        >
          {faq}
        </Button>
        <Text className={marketing.muted}>
          {stuck}{' '}
          <Anchor href={`mailto:${SUPPORT_EMAIL}`} underline="always">
            {SUPPORT_EMAIL}
          </Anchor>
          .
        </Text>
      </PageHeader>
    </Box>
  );
}
