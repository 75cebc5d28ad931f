/**
 * Filled action buttons with white text at WCAG AA (4.5:1) in both schemes. Mantine's green-6 and
 * red-6 fills are only 2.4:1 and 3.3:1 under white text.
 */
export const APPROVE_COLOR = '#237a37'; // 5.4:1
export const REJECT_COLOR = 'red.9'; // #c92a2a, 5.5:1
