/** Width of the call-to-action buttons: the full row on phones, their own width from `sm` up. */
export const FULL_WIDTH_ON_PHONES = { base: '100%', sm: 'auto' };
