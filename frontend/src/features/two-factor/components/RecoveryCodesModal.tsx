import { Alert, Button, Checkbox, Code, Modal, SimpleGrid, Stack, Text } from '@mantine/core';
import { IconAlertTriangle, IconCopy, IconDownload } from '@tabler/icons-react';
import { useEffect, useState } from 'react';
import contrast from '@/shared/ui/contrast.module.css';
import { copyWithToast } from '@/shared/clipboard';
import { downloadTextFile, recoveryCodesFileText } from '../services/recovery-codes.service';

export interface RecoveryCodesModalProps {
  codes: string[] | null;
  email?: string | null;
  onClose: () => void;
}

/** Shows a freshly generated set of recovery codes once, with copy and download. */
export function RecoveryCodesModal({ codes, email, onClose }: RecoveryCodesModalProps) {
  const [saved, setSaved] = useState(false);
  useEffect(() => {
    if (codes) setSaved(false);
  }, [codes]);

  const text = codes ? recoveryCodesFileText(codes, email) : '';

  return (
    <Modal
      opened={codes !== null}
      onClose={() => saved && onClose()}
      withCloseButton={saved}
      closeOnClickOutside={false}
      closeOnEscape={false}
      title="Save your recovery codes"
      centered
      size="lg"
      zIndex={500}
    >
      <Stack gap="md">
        <Alert
          variant="light"
          color="orange"
          icon={<IconAlertTriangle size={18} />}
          title="Store these safely"
          classNames={{ title: contrast.orangeOnTint }}
        >
          <Text size="sm">
            These codes are shown only once. Keep them somewhere safe, such as a password manager or a printed copy.
            Each code signs you in once if you lose your authenticator app.
          </Text>
        </Alert>
        <SimpleGrid cols={2} spacing="xs" aria-label="Recovery codes" component="ul" p={0} m={0}>
          {codes?.map((code) => (
            <Code
              key={code}
              component="li"
              ta="center"
              fz="sm"
              py={6}
              px={4}
              style={{ listStyle: 'none', letterSpacing: '0.02em', overflowWrap: 'anywhere' }}
            >
              {code}
            </Code>
          ))}
        </SimpleGrid>
        <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="sm">
          <Button
            variant="default"
            leftSection={<IconCopy size={18} />}
            onClick={() => copyWithToast(codes?.join('\n') ?? '', 'Recovery codes')}
          >
            Copy
          </Button>
          <Button
            variant="default"
            leftSection={<IconDownload size={18} />}
            onClick={() => downloadTextFile('fanmint-recovery-codes.txt', text)}
          >
            Download .txt
          </Button>
        </SimpleGrid>
        <Checkbox
          label="I have saved my recovery codes somewhere safe"
          checked={saved}
          onChange={(event) => setSaved(event.currentTarget.checked)}
        />
        <Button onClick={onClose} disabled={!saved}>
          Done
        </Button>
      </Stack>
    </Modal>
  );
}
