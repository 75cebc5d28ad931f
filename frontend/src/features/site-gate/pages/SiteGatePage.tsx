import { HydratedFieldset } from '../../../lib/hydrated-fieldset';
import { Box, Button, Center, Paper, PasswordInput, Stack, Text, ThemeIcon, Title } from '@mantine/core';
import { IconShieldLock } from '@tabler/icons-react';
import { useState, type FormEvent } from 'react';
import { usePageMeta } from '../../../lib/page-meta';
import { BRAND } from '../../../lib/site';
import { unlockSite } from '../services/site-gate.service';

/** The 'Password Page' shown instead of the whole site while a site password is set (SPEC §2). */
export function SiteGatePage({ onUnlocked = () => window.location.reload() }: { onUnlocked?: () => void }) {
  usePageMeta({
    title: 'Password Page',
    description: `${BRAND} is coming soon. Enter the site password to continue.`,
    noindex: true,
  });
  const [password, setPassword] = useState('');
  const [verifying, setVerifying] = useState(false);
  const [error, setError] = useState<string | null>(null);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setVerifying(true);
    const result = await unlockSite(password);
    if (result.ok) {
      setError(null);
      onUnlocked();
      return;
    }
    setVerifying(false);
    setError(result.error);
  };

  return (
    <Center component="main" mih="100dvh" p="md">
      <Paper withBorder shadow="md" radius="lg" p={{ base: 'lg', sm: 'xl' }} w="100%" maw={420}>
        <form method="post" onSubmit={submit} noValidate>
          <HydratedFieldset>
            <Stack align="center" gap="md">
              <ThemeIcon size={64} radius="xl" variant="light" aria-hidden="true">
                <IconShieldLock size={36} stroke={1.6} />
              </ThemeIcon>
              <Title order={1} ta="center">
                Coming Soon
              </Title>
              <Text c="dimmed" ta="center" size="sm">
                {BRAND} is getting ready for launch. Enter the site password to continue.
              </Text>
              <Box w="100%">
                <PasswordInput
                  label="Site password"
                  placeholder="Enter password"
                  autoComplete="current-password"
                  value={password}
                  onChange={(event) => setPassword(event.currentTarget.value)}
                />
              </Box>
              <Button type="submit" fullWidth disabled={verifying} loading={verifying}>
                Enter
              </Button>
              {error && (
                <Text
                  size="sm"
                  role="alert"
                  ta="center"
                  w="100%"
                  style={{ color: 'light-dark(var(--mantine-color-red-8), var(--mantine-color-red-4))' }}
                >
                  {error}
                </Text>
              )}
            </Stack>
          </HydratedFieldset>
        </form>
      </Paper>
    </Center>
  );
}
