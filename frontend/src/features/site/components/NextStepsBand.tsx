import { Button, Card, Container, Group, Stack, Text, Title } from '@mantine/core';
import { IconCoin, IconMap2 } from '@tabler/icons-react';
import { Link } from 'react-router-dom';
import { FULL_WIDTH_ON_PHONES } from '@/shared/ui/responsive';

export interface NextStepsBandProps {
  title: string;
  lead: string;
  /** Calls to action in order; the first is the primary one. */
  links: { label: string; to: string }[];
}

const ICONS: Record<string, typeof IconCoin> = { '/official-token': IconCoin, '/roadmap': IconMap2 };

/** The closing band with a brand gradient and the page's onward links. */
export function NextStepsBand({ title, lead, links }: NextStepsBandProps) {
  return (
    <Container component="section" size="lg" py={{ base: 32, sm: 48 }} aria-labelledby="next-steps-title">
      <Card
        radius="lg"
        p={{ base: 'lg', sm: 40 }}
        style={{
          color: '#fff',
          background:
            'linear-gradient(135deg, var(--mantine-color-fanmint-9) 0%, var(--mantine-color-fanmint-7) 55%, var(--mantine-color-aqua-9) 100%)',
        }}
      >
        <Stack gap="md" maw={680}>
          <Title order={2} id="next-steps-title" fz={{ base: 26, sm: 32 }}>
            {title}
          </Title>
          <Text size="lg" c="rgba(255, 255, 255, 0.92)">
            {lead}
          </Text>
          <Group gap="sm">
            {links.map((link, index) => {
              const LinkIcon = ICONS[link.to];
              return (
                <Button
                  key={link.to}
                  component={Link}
                  to={link.to}
                  size="md"
                  variant={index === 0 ? 'white' : 'outline'}
                  color={index === 0 ? 'fanmint.8' : 'white'}
                  leftSection={LinkIcon ? <LinkIcon size={18} /> : undefined}
                  w={FULL_WIDTH_ON_PHONES}
                >
                  {link.label}
                </Button>
              );
            })}
          </Group>
        </Stack>
      </Card>
    </Container>
  );
}
