import { Button, Container, Group, Paper, Stack, Text, ThemeIcon, Title } from '@mantine/core';
import { IconShieldLock } from '@tabler/icons-react';
import { useNavigate } from 'react-router-dom';
import marketing from '@/shared/ui/marketing.module.css';

/** The age check in front of an adult store reached by a direct link (SPEC §2, §6). */
export function AgeGate({ onConfirm, confirming = false }: { onConfirm: () => void; confirming?: boolean }) {
  const navigate = useNavigate();
  return (
    <Container size={520} px="md" py={{ base: 'xl', sm: 72 }}>
      <Paper
        component="section"
        withBorder
        shadow="md"
        radius="lg"
        p={{ base: 'lg', sm: 'xl' }}
        aria-labelledby="age-gate-title"
        aria-describedby="age-gate-text"
      >
        <Stack align="center" ta="center" gap="md">
          <ThemeIcon size={64} radius="xl" variant="light" color="red">
            <IconShieldLock size={34} stroke={1.6} />
          </ThemeIcon>
          <Title order={1} id="age-gate-title" fz={{ base: 24, sm: 28 }}>
            Age check
          </Title>
          <Text id="age-gate-text" size="lg" className={marketing.muted}>
            This store contains adult content. You must be 18 or older.
          </Text>
          <Group gap="sm" justify="center" w="100%" mt="xs">
            <Button size="md" onClick={onConfirm} miw={180} loading={confirming}>
              I am 18 or older
            </Button>
            <Button size="md" variant="default" onClick={() => navigate('/')} miw={120}>
              Leave
            </Button>
          </Group>
        </Stack>
      </Paper>
    </Container>
  );
}
