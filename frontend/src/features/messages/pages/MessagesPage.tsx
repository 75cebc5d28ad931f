import { Button, Group, Stack, Text } from '@mantine/core';
import { IconMessages, IconSettings, IconSpeakerphone } from '@tabler/icons-react';
import { useState } from 'react';
import { Link, useSearchParams } from 'react-router-dom';
import { useAuthSession } from '@/features/auth';
import { DashboardPageHeader } from '@/shared/ui/DashboardPageHeader';
import { ConversationList } from '../components/ConversationList';
import { MessageSettingsModal } from '../components/MessageSettingsModal';
import { MessageThread } from '../components/MessageThread';
import { useMessagingSettings } from '../hooks/use-conversations';
import classes from '../components/messages.module.css';

/** /dashboard/messages: the list, and the chosen thread (?c=) beside it on desktop or full screen on a phone. */
export function MessagesPage() {
  const [params, setParams] = useSearchParams();
  const activeId = params.get('c') ?? undefined;
  const myId = useAuthSession().session?.user.id;
  const [settingsOpen, setSettingsOpen] = useState(false);
  // Only creators have settings: the server answers 403 to a fan, and the button stays away.
  const isCreator = useMessagingSettings(true).isSuccess;
  const open = (id: string | null) => setParams(id ? { c: id } : {});

  return (
    <div className={classes.page}>
      <DashboardPageHeader
        title="Messages"
        description="Your conversations with creators and fans."
        action={
          isCreator && (
            // Side by side, also on a 375 px phone: narrow padding keeps both labels on one line.
            <Group gap="xs" wrap="nowrap">
              <Button
                component={Link}
                to="/dashboard/messages/mass"
                variant="default"
                size="sm"
                px="sm"
                leftSection={<IconSpeakerphone size={16} />}
              >
                Mass messages
              </Button>
              <Button
                variant="default"
                size="sm"
                px="sm"
                leftSection={<IconSettings size={16} />}
                onClick={() => setSettingsOpen(true)}
              >
                Message settings
              </Button>
            </Group>
          )
        }
      />
      <div className={classes.layout} data-thread-open={activeId ? '' : undefined}>
        <section className={classes.list} aria-label="Conversation list">
          <ConversationList activeId={activeId} myId={myId} onOpen={open} />
        </section>
        <section className={classes.threadPane} aria-label="Conversation">
          {activeId ? (
            <MessageThread key={activeId} conversationId={activeId} myId={myId} onBack={() => open(null)} />
          ) : (
            <Stack align="center" justify="center" h="100%" gap="xs" p="xl" ta="center">
              <IconMessages size={36} stroke={1.4} aria-hidden />
              <Text fw={600}>Choose a conversation</Text>
              <Text size="sm" c="dimmed">
                Pick someone on the left to read and reply.
              </Text>
            </Stack>
          )}
        </section>
      </div>
      <MessageSettingsModal opened={settingsOpen} onClose={() => setSettingsOpen(false)} />
    </div>
  );
}
