import { Box, Grid, Table, Text } from '@mantine/core';
import marketing from '@/shared/ui/marketing.module.css';
import { ALLOCATIONS, formatTokens, TOTAL_SUPPLY } from '../tokenomics';
import { AllocationDonut } from './AllocationDonut';

/** One colour per allocation, shared by the donut and the table's swatches. */
const COLORS = [
  'var(--mantine-color-fanmint-6)',
  'var(--mantine-color-aqua-5)',
  'var(--mantine-color-fanmint-3)',
  'var(--mantine-color-aqua-8)',
  'var(--mantine-color-violet-5)',
  'var(--mantine-color-yellow-5)',
];

function Swatch({ color }: { color: string }) {
  return (
    <Box
      component="span"
      aria-hidden="true"
      w={12}
      h={12}
      mt={5}
      style={{ display: 'inline-block', borderRadius: 3, background: color, flexShrink: 0 }}
    />
  );
}

/** The allocation of the total supply as a donut plus a table with every figure. */
export function Tokenomics() {
  return (
    <Grid gap="xl" align="center">
      <Grid.Col span={{ base: 12, md: 5 }}>
        <AllocationDonut
          allocations={ALLOCATIONS}
          colors={COLORS}
          centerValue={formatTokens(TOTAL_SUPPLY)}
          centerLabel="Total supply"
        />
      </Grid.Col>
      <Grid.Col span={{ base: 12, md: 7 }}>
        <Table verticalSpacing="sm" horizontalSpacing="sm" fz="sm">
          <Table.Caption className={marketing.muted}>
            Allocation of the total supply of {formatTokens(TOTAL_SUPPLY, true)} tokens.
          </Table.Caption>
          <Table.Thead>
            <Table.Tr>
              <Table.Th scope="col">Allocation</Table.Th>
              <Table.Th scope="col" ta="right">
                Share
              </Table.Th>
              <Table.Th scope="col" ta="right">
                Tokens
              </Table.Th>
              <Table.Th scope="col" visibleFrom="sm">
                Unlock schedule
              </Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {ALLOCATIONS.map((allocation, i) => (
              <Table.Tr key={allocation.label}>
                <Table.Th scope="row" fw={600}>
                  <Box style={{ display: 'flex', gap: 8 }}>
                    <Swatch color={COLORS[i % COLORS.length]} />
                    <div>
                      {allocation.label}
                      <Text size="xs" hiddenFrom="sm" className={marketing.muted} fw={400}>
                        {allocation.unlock}
                      </Text>
                    </div>
                  </Box>
                </Table.Th>
                <Table.Td ta="right" fw={700}>
                  {allocation.percent}%
                </Table.Td>
                <Table.Td ta="right" style={{ whiteSpace: 'nowrap' }}>
                  {formatTokens(allocation.tokens)}
                </Table.Td>
                <Table.Td visibleFrom="sm" className={marketing.muted}>
                  {allocation.unlock}
                </Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
          <Table.Tfoot>
            <Table.Tr>
              <Table.Th scope="row">Total supply</Table.Th>
              <Table.Td ta="right" fw={700}>
                {ALLOCATIONS.reduce((sum, a) => sum + a.percent, 0)}%
              </Table.Td>
              <Table.Td ta="right" fw={700}>
                {formatTokens(TOTAL_SUPPLY)}
              </Table.Td>
              <Table.Td visibleFrom="sm" />
            </Table.Tr>
          </Table.Tfoot>
        </Table>
      </Grid.Col>
    </Grid>
  );
}
