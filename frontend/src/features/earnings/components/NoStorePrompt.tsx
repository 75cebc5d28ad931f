import { Button, Card, Stack, Text, ThemeIcon, Title } from '@mantine/core';
import { IconBuildingStore } from '@tabler/icons-react';
import { Link } from 'react-router-dom';

/** Sales and balances belong to a store: a creator without one is sent to open it. */
export function NoStorePrompt() {
  return (
    <Card withBorder radius="lg" padding="xl" component="section" aria-labelledby="no-store-title">
      <Stack align="center" gap="sm" ta="center">
        <ThemeIcon size={48} radius="xl" variant="light">
          <IconBuildingStore size={26} />
        </ThemeIcon>
        <Title id="no-store-title" order={2} fz={20}>
          Open your store first
        </Title>
        <Text c="dimmed" maw={460}>
          Your sales, balances and payouts appear here once you have a store. Opening one is free.
        </Text>
        <Button component={Link} to="/dashboard/mystoresettings">
          Open a store
        </Button>
      </Stack>
    </Card>
  );
}
