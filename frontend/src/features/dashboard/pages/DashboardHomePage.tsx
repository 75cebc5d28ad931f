import { Center, Loader } from '@mantine/core';
import { usePageMeta } from '../../../lib/page-meta';
import { usePlatformConfig } from '../../../lib/platform-config';
import { LiveDashboard } from '../components/live/LiveDashboard';
import { PrelaunchDashboard } from '../components/PrelaunchDashboard';

/** Before launch: the spec's page. Live: the person's own figures and shortcuts. */
export function DashboardHomePage() {
  usePageMeta({ title: 'Dashboard', noindex: true });
  const config = usePlatformConfig();
  if (config.isPending) {
    return (
      <Center py="xl">
        <Loader aria-label="Loading" />
      </Center>
    );
  }
  return config.data?.launchPhase === 'live' ? <LiveDashboard /> : <PrelaunchDashboard />;
}
