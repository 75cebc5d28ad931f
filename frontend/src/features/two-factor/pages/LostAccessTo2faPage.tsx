import { BRAND, SUPPORT_EMAIL } from '../../../lib/site';
import { Alert, Anchor, Badge, Button, Group, List, Paper, Stack, Text, Title } from '@mantine/core';
import { IconAlertCircle, IconDeviceMobile, IconKey, IconMail, IconShieldQuestion } from '@tabler/icons-react';
import type { ReactNode } from 'react';
import { Link } from 'react-router-dom';
import { usePageMeta } from '../../../lib/page-meta';
import { AuthCard } from '@/features/auth';

export const TWO_FA_RESET_MAILTO = `mailto:${SUPPORT_EMAIL}?subject=2FA%20Reset%20Request`;

function Option({
  badge,
  icon,
  title,
  children,
}: {
  badge: string;
  icon: ReactNode;
  title: string;
  children: ReactNode;
}) {
  return (
    <Paper withBorder radius="md" p="md">
      <Stack gap="xs">
        <Group gap="xs" wrap="nowrap">
          {icon}
          <Badge variant="light" size="sm">
            {badge}
          </Badge>
        </Group>
        <Title order={2} fz="md">
          {title}
        </Title>
        {children}
      </Stack>
    </Paper>
  );
}

export function LostAccessTo2faPage() {
  usePageMeta({
    title: 'Lost Access to 2FA',
    description: `Lost your authenticator app? Restore your ${BRAND} two-factor codes with your setup key or ask support to turn 2FA off after an identity check.`,
  });

  return (
    <AuthCard
      icon={<IconShieldQuestion size={28} />}
      title="Lost access to 2FA?"
      subtitle="If you can't get a code from your authenticator app, here is how to get back into your account."
      size={560}
    >
      <Alert variant="light" color="aqua" icon={<IconKey size={18} />} title="Have recovery codes?">
        <Text size="sm">
          If you saved recovery codes, use one on the sign-in page: sign in with your email and password, then choose{' '}
          <strong>Use a recovery code</strong> on the verification step.
        </Text>
      </Alert>

      <Option badge="Option 1" icon={<IconDeviceMobile size={20} />} title="Restore your authenticator app">
        <Text size="sm">
          If you still have the original setup key (the text code shown next to the QR code when you turned on 2FA), add
          it to an authenticator app on your new device. It will produce the same 6-digit codes, and you can sign in as
          usual.
        </Text>
      </Option>

      <Option badge="Option 2" icon={<IconMail size={20} />} title="Ask support to disable 2FA">
        <Text size="sm">
          Email{' '}
          <Anchor href={TWO_FA_RESET_MAILTO} inherit underline="always">
            {SUPPORT_EMAIL}
          </Anchor>{' '}
          with the subject <strong>2FA Reset Request</strong>. Include your account ID or username so we can find your
          account. After confirming your identity, support disables 2FA.
        </Text>
        <List size="sm" spacing={4} type="ordered">
          <List.Item>Contact support and have 2FA disabled.</List.Item>
          <List.Item>
            Then{' '}
            <Anchor component={Link} to="/forgot-password" inherit underline="always">
              reset your password
            </Anchor>{' '}
            and sign in again.
          </List.Item>
          <List.Item>Turn 2FA back on in Security Settings and save your new recovery codes.</List.Item>
        </List>
        <Button
          component="a"
          href={TWO_FA_RESET_MAILTO}
          variant="light"
          leftSection={<IconMail size={18} />}
          style={{ alignSelf: 'flex-start' }}
        >
          Email support
        </Button>
      </Option>

      <Alert variant="light" color="orange" icon={<IconAlertCircle size={18} />}>
        <Text size="sm">
          Monetized accounts (for example creators with earnings or pending payouts) may need extra identity
          verification before 2FA can be disabled.
        </Text>
      </Alert>

      <Button component={Link} to="/sign-in" size="md" fullWidth>
        Return to Sign In
      </Button>
    </AuthCard>
  );
}
