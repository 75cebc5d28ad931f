import { Button, Paper, Stack, Text, ThemeIcon, Title } from '@mantine/core';
import { IconBuildingStore, type Icon } from '@tabler/icons-react';
import type { ReactNode } from 'react';
import { Link } from 'react-router-dom';

/** An empty list of the fan's pages: icon, heading, one line and a way to the stores. */
export function EmptyState({ icon: Glyph, title, children }: { icon: Icon; title: string; children: ReactNode }) {
  return (
    <Paper withBorder radius="lg" p={{ base: 'lg', sm: 'xl' }}>
      <Stack align="center" ta="center" gap="sm">
        <ThemeIcon size={48} radius="xl" variant="light">
          <Glyph size={26} stroke={1.6} />
        </ThemeIcon>
        <Title order={3} fz={{ base: 18, sm: 20 }}>
          {title}
        </Title>
        <Text c="dimmed" maw={480}>
          {children}
        </Text>
        <Button component={Link} to="/stores" variant="default" leftSection={<IconBuildingStore size={16} />} mt="xs">
          Browse stores
        </Button>
      </Stack>
    </Paper>
  );
}
