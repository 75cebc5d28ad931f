import { Badge, Group, Paper, Text } from '@mantine/core';
import { IconCheck, IconFlag, IconProgress } from '@tabler/icons-react';
import { CardText } from '@/shared/ui/CardText';
import marketing from '@/shared/ui/marketing.module.css';
import type { RoadmapMilestone } from '../roadmap-entries';
import { STATUS_BADGE, type RoadmapStatus } from '../roadmap-status';
import timeline from './RoadmapTimeline.module.css';

const DOT_ICON: Record<RoadmapStatus, typeof IconCheck> = {
  completed: IconCheck,
  current: IconProgress,
  upcoming: IconFlag,
};

function StatusBadge({ status }: { status: RoadmapStatus }) {
  const label = STATUS_BADGE[status];
  if (!label) return null;
  return status === 'current' ? (
    <Badge color="aqua" variant="filled" autoContrast>
      {label}
    </Badge>
  ) : (
    <Badge variant="light">{label}</Badge>
  );
}

/** The development timeline, one card per entry with its status badge (none for upcoming entries). */
export function RoadmapTimeline({ milestones }: { milestones: RoadmapMilestone[] }) {
  return (
    <ol className={timeline.list}>
      {milestones.map((milestone) => {
        const Icon = DOT_ICON[milestone.status];
        return (
          <li key={milestone.dateLabel} className={timeline.item} data-status={milestone.status}>
            <span className={timeline.dot} data-status={milestone.status} aria-hidden="true">
              <Icon size={16} stroke={2} />
            </span>
            <Paper withBorder radius="lg" p="lg" className={timeline.card} data-status={milestone.status}>
              <Group justify="space-between" gap="xs" mb={6}>
                <Text size="sm" fw={700} c="fanmint" className={marketing.eyebrow}>
                  {milestone.dateLabel}
                </Text>
                <StatusBadge status={milestone.status} />
              </Group>
              <CardText title={milestone.title}>{milestone.description}</CardText>
            </Paper>
          </li>
        );
      })}
    </ol>
  );
}
