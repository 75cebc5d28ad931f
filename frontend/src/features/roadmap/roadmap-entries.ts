import { fillBrand } from '../../lib/site';
import entries from './content/roadmap.json';
import { roadmapStatus, type RoadmapStatus } from './roadmap-status';

export interface RoadmapEntry {
  dateLabel: string;
  title: string;
  description: string;
}

export interface RoadmapMilestone extends RoadmapEntry {
  status: RoadmapStatus;
}

/** The development timeline with each entry's status (fixed, so the server and the browser agree). */
export const ROADMAP: RoadmapMilestone[] = (entries as RoadmapEntry[]).map((entry) => ({
  dateLabel: entry.dateLabel,
  title: fillBrand(entry.title),
  description: fillBrand(entry.description),
  status: roadmapStatus(entry.dateLabel),
}));
