import { Paper, SimpleGrid, Text } from '@mantine/core';
import marketing from '@/shared/ui/marketing.module.css';
import {
  COMMUNITY_AIRDROP,
  DEX_LIQUIDITY,
  formatFull,
  formatTokens,
  IDO_QUARTER,
  MEGA_DRAW,
  TOTAL_SUPPLY,
} from '../tokenomics';

const FIGURES = [
  { value: formatTokens(TOTAL_SUPPLY), label: 'Total supply', note: `${formatFull(TOTAL_SUPPLY)} tokens` },
  { value: 'Solana', label: 'Blockchain', note: 'Fast, low-fee transfers' },
  { value: IDO_QUARTER, label: 'Token IDO', note: 'Planned date' },
  {
    value: formatTokens(DEX_LIQUIDITY.tokens),
    label: 'DEX liquidity',
    note: `${DEX_LIQUIDITY.percent}% of supply, paired with ${DEX_LIQUIDITY.pairedWith}`,
  },
  { value: formatTokens(COMMUNITY_AIRDROP.tokens), label: 'Community Airdrop', note: 'For early members' },
  {
    value: formatTokens(MEGA_DRAW.tokens),
    label: 'Billionaire Mega Draw',
    note: `${formatFull(MEGA_DRAW.monthlyRelease)} a month for ${MEGA_DRAW.months} months`,
  },
];

/** The headline numbers as a row of stat tiles (a description list, so each value keeps its label). */
export function KeyFigures() {
  return (
    <SimpleGrid component="dl" cols={{ base: 2, sm: 3 }} spacing="md" m={0}>
      {FIGURES.map((figure) => (
        <Paper key={figure.label} withBorder radius="lg" p="md" className={marketing.card}>
          <Text component="dt" size="sm" fw={600} className={marketing.muted}>
            {figure.label}
          </Text>
          <Text component="dd" m={0} fz={{ base: 26, sm: 30 }} fw={800} lh={1.2} c="fanmint">
            {figure.value}
          </Text>
          <Text component="dd" m={0} mt={4} size="xs" className={marketing.muted}>
            {figure.note}
          </Text>
        </Paper>
      ))}
    </SimpleGrid>
  );
}
