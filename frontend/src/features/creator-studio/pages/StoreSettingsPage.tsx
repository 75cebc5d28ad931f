import { Alert, Button, Center, Loader, Stack, Text } from '@mantine/core';
import { IconAlertTriangle } from '@tabler/icons-react';
import { useEffect, useState } from 'react';
import { usePageMeta } from '../../../lib/page-meta';
import contrast from '@/shared/ui/contrast.module.css';
import '../creator-studio-styles';
import { NotVerifiedAlert } from '../components/NotVerifiedAlert';
import { AccessControlSection } from '../components/store/AccessControlSection';
import { AppearanceSection } from '../components/store/AppearanceSection';
import { CollaborationSection } from '../components/store/CollaborationSection';
import { ContentSettingsSection } from '../components/store/ContentSettingsSection';
import { NotificationsSection } from '../components/store/NotificationsSection';
import { NsfwSection } from '../components/store/NsfwSection';
import { OpenStoreForm } from '../components/store/OpenStoreForm';
import { ReferralsSection } from '../components/store/ReferralsSection';
import { StoreAddressCard } from '../components/store/StoreAddressCard';
import { StoreImagesSection } from '../components/store/StoreImagesSection';
import { TipsSection } from '../components/store/TipsSection';
import { useCreatorVerification, useMyStore } from '../hooks/use-store-queries';
import type { Store } from '../services/store.service';
import { DashboardPageHeader } from '@/shared/ui/DashboardPageHeader';

const Loading = ({ label }: { label: string }) => (
  <Center py="xl">
    <Loader aria-label={label} />
  </Center>
);

/** SPEC §2: the sections as the spec names them, each saved on its own. */
function StoreSettings({ store }: { store: Store }) {
  return (
    <>
      <StoreAddressCard store={store} />
      <AppearanceSection store={store} />
      <StoreImagesSection store={store} />
      <ContentSettingsSection store={store} />
      <AccessControlSection store={store} />
      <TipsSection store={store} />
      <ReferralsSection store={store} />
      <CollaborationSection store={store} />
      <NotificationsSection store={store} />
      <NsfwSection store={store} />
    </>
  );
}

function OpenStore() {
  const verification = useCreatorVerification();
  const [refused, setRefused] = useState(false);
  if (verification === 'loading') return <Loading label="Loading verification status" />;
  if (refused || verification === 'not_verified' || verification === 'processing') {
    return <NotVerifiedAlert processing={!refused && verification === 'processing'} action="open a store" />;
  }
  return <OpenStoreForm onNotVerified={() => setRefused(true)} />;
}

export function StoreSettingsPage() {
  usePageMeta({ title: 'Store Settings', noindex: true });
  const store = useMyStore();

  useEffect(() => {
    if (store.isError) console.error('Could not load the store', store.error);
  }, [store.isError, store.error]);

  return (
    <Stack gap="lg" maw={880} mx="auto">
      <DashboardPageHeader
        title="Store Settings"
        description="Your branded store: how it looks, what it costs, who can see it and how fans support you."
      />
      {store.isPending ? (
        <Loading label="Loading your store" />
      ) : store.isError ? (
        <Alert
          color="orange"
          variant="light"
          icon={<IconAlertTriangle size={18} />}
          title="Your store could not be loaded"
          classNames={{ title: contrast.orangeOnTint }}
        >
          <Stack gap="sm" align="flex-start">
            <Text size="sm">Check your connection and try again.</Text>
            <Button variant="light" color="orange" size="xs" onClick={() => void store.refetch()}>
              Try again
            </Button>
          </Stack>
        </Alert>
      ) : store.data ? (
        <StoreSettings key={store.data.id} store={store.data} />
      ) : (
        <OpenStore />
      )}
    </Stack>
  );
}
