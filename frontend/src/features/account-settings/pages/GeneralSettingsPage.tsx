import { Button, Stack } from '@mantine/core';
import { IconChevronRight, IconShieldLock } from '@tabler/icons-react';
import { Link } from 'react-router-dom';
import { usePageMeta } from '../../../lib/page-meta';
import { useAuthSession } from '@/features/auth';
import { DataExportCard } from '../components/DataExportCard';
import { DeleteAccountCard } from '../components/DeleteAccountCard';
import { EmailCard } from '../components/EmailCard';
import { MessageEmailsCard } from '../components/MessageEmailsCard';
import { PasswordCard } from '../components/PasswordCard';
import { ProfileCard } from '../components/ProfileCard';
import { SectionCard } from '@/shared/ui/SectionCard';
import { DashboardPageHeader } from '@/shared/ui/DashboardPageHeader';

export function GeneralSettingsPage() {
  usePageMeta({ title: 'General Settings', noindex: true });
  const { session } = useAuthSession();
  const user = session?.user;

  return (
    <Stack gap="lg" maw={880} mx="auto">
      <DashboardPageHeader title="General Settings" description="Your account details, your data and your security." />
      <ProfileCard metadata={user?.user_metadata} email={user?.email} />
      <EmailCard email={user?.email} pendingEmail={user?.new_email} />
      <PasswordCard />
      <SectionCard
        icon={<IconShieldLock size={22} />}
        title="Security"
        description="Manage two-factor authentication, recovery codes and signed-in devices."
      >
        <Button
          component={Link}
          to="/dashboard/security"
          variant="light"
          rightSection={<IconChevronRight size={16} />}
          style={{ alignSelf: 'flex-start' }}
        >
          Security Settings
        </Button>
      </SectionCard>
      <MessageEmailsCard />
      <DataExportCard />
      <DeleteAccountCard />
    </Stack>
  );
}
