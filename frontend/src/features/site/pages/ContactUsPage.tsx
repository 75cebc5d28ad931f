import { Anchor, Box, Button, Group } from '@mantine/core';
import { IconMail } from '@tabler/icons-react';
import { Link } from 'react-router-dom';
import { usePageMeta } from '../../../lib/page-meta';
import { SUPPORT_EMAIL } from '../../../lib/site';
import { PageHeader } from '@/shared/ui/PageHeader';
import { fillText } from '../content/fill-text';
import content from '../content/contact.json';

/** SPEC §2 lists this page as 'title only'; the address and one onward link keep it useful. */
export function ContactUsPage() {
  const { meta, title, lead, more } = content.contactUs;
  usePageMeta({ title: meta.title, description: fillText(meta.description), keywords: meta.keywords });
  return (
    <Box pb={{ base: 32, sm: 48 }}>
      <PageHeader title={title} lead={lead}>
        <Group gap="md">
          <Button component="a" href={`mailto:${SUPPORT_EMAIL}`} size="md" leftSection={<IconMail size={18} />}>
            {SUPPORT_EMAIL}
          </Button>
          <Anchor component={Link} to="/contact" fw={600}>
            {more}
          </Anchor>
        </Group>
      </PageHeader>
    </Box>
  );
}
