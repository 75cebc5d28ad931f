export class AnalyticsSummaryQuery {
  constructor(readonly days: number) {}
}

export interface AnalyticsSummary {
  since: string;
  pageViews: { path: string; count: number }[];
  events: { category: string; action: string; count: number }[];
}
