import { Anchor, Button, List, Modal, Stack, Text, ThemeIcon } from '@mantine/core';
import { IconAlertTriangle, IconPoint } from '@tabler/icons-react';
import { Link } from 'react-router-dom';
import { BRAND } from '../../../lib/site';

export interface DisclaimerModalProps {
  opened: boolean;
  onClose: () => void;
}

/** SPEC §2: what the token is and is not, shown whenever the token page opens. */
export function DisclaimerModal({ opened, onClose }: DisclaimerModalProps) {
  return (
    <Modal
      opened={opened}
      onClose={onClose}
      centered
      size="lg"
      radius="lg"
      padding="lg"
      title={
        <span style={{ display: 'inline-flex', alignItems: 'center', gap: 12 }}>
          <ThemeIcon component="span" color="yellow" variant="light" size={36} radius="xl" aria-hidden="true">
            <IconAlertTriangle size={20} />
          </ThemeIcon>
          Important Disclaimer
        </span>
      }
      closeButtonProps={{ 'aria-label': 'Close disclaimer' }}
      styles={{ title: { fontSize: 20, fontWeight: 700 } }}
    >
      <Stack gap="md">
        <Text size="sm">Please read this before you continue.</Text>
        <List spacing="sm" icon={<IconPoint size={18} />} center={false}>
          <List.Item>
            <strong>Not an investment.</strong> The {BRAND} token is a marketing and engagement tool.
          </List.Item>
          <List.Item>
            <strong>It may have no value,</strong> now or at any time in the future.
          </List.Item>
          <List.Item>
            <strong>Plans can change.</strong> The token roadmap is subject to change.
          </List.Item>
          <List.Item>Nothing on this page is financial advice.</List.Item>
        </List>
        <Text size="sm">
          The full terms are in our{' '}
          <Anchor component={Link} to="/terms" fw={600} inherit underline="always">
            Terms &amp; Conditions
          </Anchor>
          .
        </Text>
        <Button size="md" fullWidth onClick={onClose} data-autofocus>
          I Understand
        </Button>
      </Stack>
    </Modal>
  );
}
