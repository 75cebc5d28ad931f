import type { Allocation } from '../tokenomics';

export interface AllocationDonutProps {
  allocations: Allocation[];
  colors: string[];
  centerValue: string;
  centerLabel: string;
}

const SIZE = 240;
const STROKE = 36;
const RADIUS = (SIZE - STROKE) / 2;
const CIRCUMFERENCE = 2 * Math.PI * RADIUS;
/** Length of the gap between two segments, along the ring. */
const GAP = 3;

interface CenterLabelProps {
  y: string;
  fontSize: number;
  fontWeight: number;
  children: string;
}

/** One line of text in the hole of the donut, centred horizontally at height `y`. */
function CenterLabel({ y, fontSize, fontWeight, children }: CenterLabelProps) {
  return (
    <text
      x="50%"
      y={y}
      textAnchor="middle"
      dominantBaseline="middle"
      fill="var(--mantine-color-text)"
      style={{ fontSize, fontWeight }}
    >
      {children}
    </text>
  );
}

/** A donut of the allocation, one ring segment per share. The table next to it carries the same figures as text. */
export function AllocationDonut({ allocations, colors, centerValue, centerLabel }: AllocationDonutProps) {
  const total = allocations.reduce((sum, a) => sum + a.percent, 0);
  let offset = 0;
  const segments = allocations.map((allocation, i) => {
    const length = (allocation.percent / total) * CIRCUMFERENCE;
    const segment = { key: allocation.label, color: colors[i % colors.length], length, offset };
    offset += length;
    return segment;
  });
  const summary = allocations.map((a) => `${a.label} ${a.percent}%`).join(', ');

  return (
    <svg
      viewBox={`0 0 ${SIZE} ${SIZE}`}
      width="100%"
      style={{ maxWidth: 320, display: 'block', margin: '0 auto' }}
      role="img"
      aria-label={`Token allocation: ${summary}.`}
    >
      <g transform={`rotate(-90 ${SIZE / 2} ${SIZE / 2})`}>
        {segments.map((s) => (
          <circle
            key={s.key}
            cx={SIZE / 2}
            cy={SIZE / 2}
            r={RADIUS}
            fill="none"
            stroke={s.color}
            strokeWidth={STROKE}
            strokeDasharray={`${(s.length - GAP).toFixed(3)} ${(CIRCUMFERENCE - s.length + GAP).toFixed(3)}`}
            strokeDashoffset={(-s.offset).toFixed(3)}
          />
        ))}
      </g>
      <CenterLabel y="47%" fontSize={40} fontWeight={800}>
        {centerValue}
      </CenterLabel>
      <CenterLabel y="61%" fontSize={14} fontWeight={600}>
        {centerLabel}
      </CenterLabel>
    </svg>
  );
}
