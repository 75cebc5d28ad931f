import { Box, Button, Paper, Stack, Text, ThemeIcon, Title } from '@mantine/core';
import { IconPlayerPause, IconUsers } from '@tabler/icons-react';
import type { ReactNode } from 'react';
import { Link } from 'react-router-dom';

/**
 * Pre-launch: the page stays visible but blurred and `inert` (no focus, clicks or screen reader access),
 * with the notice on top.
 */
export function PausedOverlay({ children }: { children: ReactNode }) {
  return (
    <Box pos="relative" mih={380}>
      <Box
        inert
        data-testid="paused-content"
        style={{ filter: 'blur(5px)', userSelect: 'none', pointerEvents: 'none', opacity: 0.7 }}
      >
        {children}
      </Box>
      <Box
        pos="absolute"
        inset={0}
        p={{ base: 'sm', sm: 'xl' }}
        style={{ display: 'flex', justifyContent: 'center', alignItems: 'flex-start' }}
      >
        <Paper
          withBorder
          shadow="lg"
          radius="lg"
          p={{ base: 'lg', sm: 'xl' }}
          maw={480}
          mt={{ base: 'md', sm: 'xl' }}
          role="region"
          aria-labelledby="verification-paused-title"
        >
          <Stack gap="sm" align="center" ta="center">
            <ThemeIcon size={56} radius="xl" variant="light">
              <IconPlayerPause size={28} />
            </ThemeIcon>
            <Title order={2} id="verification-paused-title" fz={{ base: 20, sm: 24 }}>
              Verification Paused
            </Title>
            <Text>
              Identity verification reopens before the full platform launch. Follow our official social channels to hear
              first when it does.
            </Text>
            <Button component={Link} to="/official-social-channels" leftSection={<IconUsers size={18} />} mt="xs">
              Follow our social channels
            </Button>
          </Stack>
        </Paper>
      </Box>
    </Box>
  );
}
