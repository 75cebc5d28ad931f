import { Badge, type BadgeProps } from '@mantine/core';

/** The 18+ mark of adult stores and categories; dark red keeps white text above 4.5:1. */
export function AdultBadge(props: Omit<BadgeProps, 'children' | 'color'>) {
  return (
    <Badge color="red.9" variant="filled" radius="sm" title="Adult content (18+)" {...props}>
      18+
    </Badge>
  );
}
