import { Box, Container, Group, Stack, Text, Title } from '@mantine/core';
import { IconCalendarEvent, IconFileCertificate, IconScale } from '@tabler/icons-react';
import { fillBrand } from '../../../lib/site';
import type { LegalDocument } from '../content/documents';
import classes from './Legal.module.css';

export function LegalBanner({ document }: { document: LegalDocument }) {
  return (
    <Box className={classes.banner}>
      <Container size="lg" py={{ base: 40, sm: 56 }}>
        <Stack gap="sm" maw={760}>
          <Group gap={8} className={classes.eyebrow}>
            <IconScale size={18} stroke={1.8} aria-hidden />
            <Text span size="sm" fw={700} tt="uppercase" inherit>
              {document.group}
            </Text>
          </Group>
          <Title order={1} fz={{ base: 30, sm: 40 }} lh={1.15}>
            {document.title}
          </Title>
          <Text size="lg" className={classes.muted}>
            {fillBrand(document.subtitle)}
          </Text>
          <Group mt={8} className={classes.muted} style={{ columnGap: 24, rowGap: 8 }}>
            <Group gap={8} wrap="nowrap">
              <IconCalendarEvent size={18} stroke={1.8} aria-hidden />
              <Text size="sm" fw={600} inherit>
                Effective {document.effective}
              </Text>
            </Group>
            {document.version && (
              <Group gap={8} wrap="nowrap">
                <IconFileCertificate size={18} stroke={1.8} aria-hidden />
                <Text size="sm" fw={600} inherit>
                  Version {document.version}
                </Text>
              </Group>
            )}
          </Group>
        </Stack>
      </Container>
    </Box>
  );
}
