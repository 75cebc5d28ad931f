import { Alert, Skeleton, Switch } from '@mantine/core';
import { IconMailFast } from '@tabler/icons-react';
import { notify } from '../../../lib/notify';
import { useMessagingPreferences, useSaveMessagingPreferences } from '../hooks/use-messaging-preferences';
import { errorMessage } from '@/shared/api-problems';
import { SectionCard } from '@/shared/ui/SectionCard';

/** The unread-messages email digest, on unless turned off (also by the link in each digest). */
export function MessageEmailsCard() {
  const preferences = useMessagingPreferences();
  const save = useSaveMessagingPreferences();
  return (
    <SectionCard
      icon={<IconMailFast size={22} />}
      title="Message emails"
      description="How we tell you about messages you have not read."
    >
      {preferences.isPending ? (
        <Skeleton height={40} />
      ) : preferences.isError ? (
        <Alert color="red" variant="light">
          {errorMessage(preferences.error, 'Your message email setting could not be loaded. Please refresh the page.')}
        </Alert>
      ) : (
        <Switch
          label="Email me unread messages"
          description="When a message waits unread for over an hour, we email you once, listing your conversations with unread messages. Muted conversations are left out."
          checked={
            save.isPending
              ? (save.variables?.emailDigest ?? preferences.data.emailDigest)
              : preferences.data.emailDigest
          }
          disabled={save.isPending}
          onChange={(event) =>
            save.mutate(
              { emailDigest: event.currentTarget.checked },
              {
                onSuccess: (saved) =>
                  notify.success(
                    saved.emailDigest
                      ? 'We will email you unread messages'
                      : 'We will no longer email you unread messages',
                  ),
                onError: (error) =>
                  notify.error(errorMessage(error, 'Your message email setting could not be saved. Please try again.')),
              },
            )
          }
        />
      )}
    </SectionCard>
  );
}
