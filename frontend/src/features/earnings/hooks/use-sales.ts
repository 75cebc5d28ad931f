import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { getSales, periodRange, type SalesPeriod } from '../services/sales.service';

export function useSales(period: SalesPeriod) {
  const range = periodRange(period);
  return useQuery({
    queryKey: ['earnings', 'sales', range.from, range.to],
    queryFn: () => getSales(range),
    // Switching the period keeps the last numbers on screen until the new ones arrive.
    placeholderData: keepPreviousData,
    retry: false,
  });
}
