import { Badge } from '@mantine/core';
import contrast from '@/shared/ui/contrast.module.css';
import { STATUS_COLORS, STATUS_LABELS } from '../../content-kinds';
import type { ContentStatus } from '../../services/content.service';

const TINT_CLASS: Partial<Record<ContentStatus, string>> = {
  pending_review: contrast.orangeOnTint,
  approved: contrast.tealOnTint,
};

/** The label exactly as SPEC §3 spells it (no upper-casing). */
export function StatusBadge({ status }: { status: ContentStatus }) {
  return (
    <Badge
      color={STATUS_COLORS[status]}
      variant="light"
      tt="none"
      size="md"
      classNames={{ label: TINT_CLASS[status] }}
      style={{ flexShrink: 0 }}
    >
      {STATUS_LABELS[status]}
    </Badge>
  );
}
