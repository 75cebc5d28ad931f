import { Alert, Anchor, Badge, Button, Center, Loader, Stack, Text } from '@mantine/core';
import { IconAlertTriangle, IconInbox, IconSend, IconUsersGroup } from '@tabler/icons-react';
import { useEffect } from 'react';
import { Link } from 'react-router-dom';
import { usePageMeta } from '../../../lib/page-meta';
import contrast from '@/shared/ui/contrast.module.css';
import '../collaborators-styles';
import { ClearanceExplainer } from '../components/ClearanceExplainer';
import { CollaborationList } from '../components/CollaborationList';
import { CollaboratorItem } from '../components/CollaboratorItem';
import { MyRequestItem } from '../components/MyRequestItem';
import { RequestItem } from '../components/RequestItem';
import { useCollaborations } from '../hooks/use-collaborations';
import type { MyCollaborations } from '../services/collaborations.service';
import { DashboardPageHeader } from '@/shared/ui/DashboardPageHeader';

function Sections({ data }: { data: MyCollaborations }) {
  const requests = data.asCreator.filter((entry) => entry.status === 'requested');
  const collaborators = data.asCreator.filter((entry) => entry.status === 'approved');
  const mine = data.asCollaborator.filter((entry) => entry.status !== 'removed');

  return (
    <>
      <CollaborationList
        icon={<IconInbox size={22} />}
        title="Requests"
        description="Creators who asked to collaborate with you."
        badge={
          requests.length > 0 && (
            <Badge variant="filled" tt="none">
              {`${requests.length} pending`}
            </Badge>
          )
        }
        entries={requests}
        empty={
          <>
            No pending requests. Others can ask to collaborate from your store when collaboration requests are on in{' '}
            <Anchor component={Link} to="/dashboard/mystoresettings" inherit>
              Store Settings
            </Anchor>
            .
          </>
        }
        renderItem={(entry) => <RequestItem key={entry.id} request={entry} />}
      />
      <CollaborationList
        icon={<IconUsersGroup size={22} />}
        title="My collaborators"
        description="People who may appear in your content, what they may appear in, and their release forms."
        entries={collaborators}
        empty="No collaborators yet. Approve a request to add someone to your list."
        renderItem={(entry) => <CollaboratorItem key={entry.id} entry={entry} />}
      />
      <CollaborationList
        icon={<IconSend size={22} />}
        title="My requests"
        description="Creators you asked to collaborate with, and their answers."
        entries={mine}
        empty={
          <>
            You have not asked anyone to collaborate yet. Find a creator in{' '}
            <Anchor component={Link} to="/stores" inherit>
              Stores
            </Anchor>{' '}
            and ask from their store page.
          </>
        }
        renderItem={(entry) => <MyRequestItem key={entry.id} entry={entry} />}
      />
    </>
  );
}

/** SPEC §2 Collaborators (live phase): requests, approve/reject, permissions for videos and albums, release forms. */
export function CollaboratorsPage() {
  usePageMeta({ title: 'Collaborators', noindex: true });
  const collaborations = useCollaborations();

  useEffect(() => {
    if (collaborations.isError) console.error('Could not load the collaborations', collaborations.error);
  }, [collaborations.isError, collaborations.error]);

  return (
    <Stack gap="lg" maw={880} mx="auto">
      <DashboardPageHeader
        title="Collaborators"
        description="Joint videos and photo albums: who may appear in your content, and the creators you work with."
      />
      <ClearanceExplainer />
      {collaborations.isPending ? (
        <Center py="xl">
          <Loader aria-label="Loading your collaborations" />
        </Center>
      ) : collaborations.isError ? (
        <Alert
          color="orange"
          variant="light"
          icon={<IconAlertTriangle size={18} />}
          title="Your collaborations could not be loaded"
          classNames={{ title: contrast.orangeOnTint }}
        >
          <Stack gap="sm" align="flex-start">
            <Text size="sm">Check your connection and try again.</Text>
            <Button variant="light" color="orange" size="xs" onClick={() => void collaborations.refetch()}>
              Try again
            </Button>
          </Stack>
        </Alert>
      ) : (
        <Sections data={collaborations.data} />
      )}
    </Stack>
  );
}
