import { LivePhaseSwitch } from '@/features/locked-previews';
import { CollaboratorsPage } from './CollaboratorsPage';

/** Live: the creator's collaborator list. Pre-launch: the locked preview the route showed before. */
export function CollaboratorsRoute() {
  return (
    <LivePhaseSwitch preview="collaborators">
      <CollaboratorsPage />
    </LivePhaseSwitch>
  );
}
