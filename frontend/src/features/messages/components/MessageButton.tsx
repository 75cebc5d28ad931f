import { Button, type ButtonProps } from '@mantine/core';
import { IconMessage } from '@tabler/icons-react';
import { useNavigate } from 'react-router-dom';
import { notify } from '../../../lib/notify';
import { serviceMessage } from '@/shared/api-problems';
import { useStartConversation } from '../hooks/use-conversations';

/** On a store page, for a signed-in fan: opens (or starts) the conversation with its creator. */
export function MessageButton({ storeSlug, ...props }: { storeSlug: string } & ButtonProps) {
  const start = useStartConversation();
  const navigate = useNavigate();
  const open = async () => {
    try {
      const conversation = await start.mutateAsync({ storeSlug });
      void navigate(`/dashboard/messages?c=${conversation.id}`);
    } catch (error) {
      notify.error(serviceMessage(error, 'The conversation could not be opened. Please try again.'));
    }
  };
  return (
    <Button
      variant="default"
      leftSection={<IconMessage size={16} />}
      loading={start.isPending}
      onClick={() => void open()}
      {...props}
    >
      Message
    </Button>
  );
}
