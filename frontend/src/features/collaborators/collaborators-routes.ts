/** SPEC §2: both addresses show the Collaborators page (live phase) or its locked preview (pre-launch). */
export const COLLABORATORS_ROUTES = {
  '/dashboard/collaborators': 'CollaboratorsRoute',
  '/dashboard/demo-page-testing': 'CollaboratorsRoute',
} as const;
