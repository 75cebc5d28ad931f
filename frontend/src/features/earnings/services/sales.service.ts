import { apiRequest } from '../../../lib/api-client';
import type { SalesReport } from './earnings-types';

export const SALES_PERIODS = [7, 30, 90] as const;
export type SalesPeriod = (typeof SALES_PERIODS)[number];

export interface DateRange {
  from: string;
  to: string;
}

const isoDay = (date: Date) =>
  `${date.getFullYear()}-${String(date.getMonth() + 1).padStart(2, '0')}-${String(date.getDate()).padStart(2, '0')}`;

/** The last `days` days up to and including today, as the API's YYYY-MM-DD bounds (local calendar days). */
export function periodRange(days: SalesPeriod, today = new Date()): DateRange {
  const from = new Date(today.getFullYear(), today.getMonth(), today.getDate() - (days - 1));
  return { from: isoDay(from), to: isoDay(today) };
}

export const getSales = ({ from, to }: DateRange) => apiRequest<SalesReport>(`/api/sales?from=${from}&to=${to}`);

export const SALES_EXPORT_PATH = '/api/sales/export.csv';
