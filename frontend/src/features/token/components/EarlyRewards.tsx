import { Badge, Button, Group, List, Paper, SimpleGrid, Text, ThemeIcon, Title } from '@mantine/core';
import { IconCheck, IconGift, IconTrophy } from '@tabler/icons-react';
import { Link } from 'react-router-dom';
import { IconBadge } from '@/shared/ui/IconBadge';
import marketing from '@/shared/ui/marketing.module.css';
import { COMMUNITY_AIRDROP, formatFull, formatTokens, MEGA_DRAW } from '../tokenomics';

const PROGRAMS = [
  {
    icon: IconGift,
    title: 'Community Airdrop',
    amount: `${formatTokens(COMMUNITY_AIRDROP.tokens, true)} tokens`,
    points: ['Sign up for an account', 'Add your Solana wallet in the rewards dashboard before the snapshot date'],
  },
  {
    icon: IconTrophy,
    title: 'Billionaire Mega Draw',
    amount: `${formatTokens(MEGA_DRAW.tokens, true)} tokens`,
    points: [
      'Be a Community Airdrop participant',
      'Join our Telegram and add your Telegram username',
      'Share one of our images on social media, tag us and keep proof of the post',
      `The prize vests at ${formatFull(MEGA_DRAW.monthlyRelease)} tokens a month over ${MEGA_DRAW.months} months`,
    ],
  },
];

/** The two early-member reward programmes, with the way in (/signup). */
export function EarlyRewards() {
  return (
    <SimpleGrid cols={{ base: 1, md: 2 }} spacing="lg">
      {PROGRAMS.map((program) => (
        <Paper key={program.title} withBorder radius="lg" p={{ base: 'lg', sm: 'xl' }} className={marketing.card}>
          <Group gap="md" wrap="nowrap" mb="md">
            <IconBadge icon={program.icon} size="lg" radius="xl" />
            <div>
              <Title order={3} size="h4">
                {program.title}
              </Title>
              <Badge variant="light" color="aqua" size="lg" mt={4} tt="none">
                {program.amount}
              </Badge>
            </div>
          </Group>
          <List
            spacing="xs"
            icon={
              <ThemeIcon size={20} radius="xl" variant="light" color="aqua">
                <IconCheck size={14} />
              </ThemeIcon>
            }
          >
            {program.points.map((point) => (
              <List.Item key={point}>
                <Text className={marketing.muted} span>
                  {point}
                </Text>
              </List.Item>
            ))}
          </List>
        </Paper>
      ))}
      <Group justify="center" style={{ gridColumn: '1 / -1' }}>
        <Text className={marketing.muted}>Early members qualify. Not signed up yet?</Text>
        <Button component={Link} to="/signup" variant="light">
          Join early sign-up
        </Button>
      </Group>
    </SimpleGrid>
  );
}
