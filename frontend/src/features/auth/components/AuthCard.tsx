import { Container, Paper, Stack, Text, ThemeIcon, Title } from '@mantine/core';
import type { ReactNode } from 'react';

export interface AuthCardProps {
  icon?: ReactNode;
  title: string;
  subtitle?: ReactNode;
  children: ReactNode;
  size?: number;
}

/** The centred card every account page shares, so spacing stays identical across flows. */
export function AuthCard({ icon, title, subtitle, children, size = 460 }: AuthCardProps) {
  return (
    <Container size={size} px="md" py={{ base: 'xl', sm: 56 }}>
      <Paper withBorder shadow="md" radius="lg" p={{ base: 'lg', sm: 'xl' }}>
        <Stack gap="lg">
          <Stack gap="xs" align="center" ta="center">
            {icon && (
              <ThemeIcon size={56} radius="xl" variant="light">
                {icon}
              </ThemeIcon>
            )}
            <Title order={1} fz={{ base: 24, sm: 28 }}>
              {title}
            </Title>
            {subtitle && (
              <Text c="dimmed" size="sm">
                {subtitle}
              </Text>
            )}
          </Stack>
          {children}
        </Stack>
      </Paper>
    </Container>
  );
}
