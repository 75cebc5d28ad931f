import { Box, Container, Group, Stack, Text, Title } from '@mantine/core';
import { IconCalendarEvent, IconFileCertificate, IconScale, type Icon } from '@tabler/icons-react';
import type { ReactNode } from 'react';
import { fillBrand } from '../../../lib/site';
import marketing from '@/shared/ui/marketing.module.css';
import type { LegalDocument } from '../content/documents';
import classes from './Legal.module.css';

/** One fact under the title (effective date, version), with its icon. */
function BannerFact({ icon: FactIcon, children }: { icon: Icon; children: ReactNode }) {
  return (
    <Group gap={8} wrap="nowrap">
      <FactIcon size={18} stroke={1.8} aria-hidden />
      <Text size="sm" fw={600} inherit>
        {children}
      </Text>
    </Group>
  );
}

export function LegalBanner({ document }: { document: LegalDocument }) {
  return (
    <Box className={classes.banner}>
      <Container size="lg" py={{ base: 40, sm: 56 }}>
        <Stack gap="sm" maw={760}>
          <Group gap={8} className={`${marketing.eyebrow} ${classes.accent}`}>
            <IconScale size={18} stroke={1.8} aria-hidden />
            <Text span size="sm" fw={700} inherit>
              {document.group}
            </Text>
          </Group>
          <Title order={1} fz={{ base: 30, sm: 40 }} lh={1.15}>
            {document.title}
          </Title>
          <Text size="lg" className={marketing.muted}>
            {fillBrand(document.subtitle)}
          </Text>
          <Group mt={8} className={marketing.muted} style={{ columnGap: 24, rowGap: 8 }}>
            <BannerFact icon={IconCalendarEvent}>Effective {document.effective}</BannerFact>
            {document.version && <BannerFact icon={IconFileCertificate}>Version {document.version}</BannerFact>}
          </Group>
        </Stack>
      </Container>
    </Box>
  );
}
