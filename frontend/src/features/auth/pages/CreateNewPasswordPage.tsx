import { BRAND } from '../../../lib/site';
import { trackEvent } from '../../../lib/analytics';
import { Button, Stack, Text, TextInput, UnstyledButton } from '@mantine/core';
import { schemaResolver, useForm, type FormErrors } from '@mantine/form';
import { useDisclosure } from '@mantine/hooks';
import { IconLockPassword } from '@tabler/icons-react';
import { useMutation } from '@tanstack/react-query';
import { useNavigate, useParams } from 'react-router-dom';
import { notify } from '../../../lib/notify';
import { usePageMeta } from '../../../lib/page-meta';
import { AuthCard } from '../components/AuthCard';
import { PasswordChecklist } from '@/shared/PasswordChecklist';
import { PASSWORD_RULES_MESSAGE } from '@/shared/form-schemas';
import { meetsPasswordRules } from '../../../lib/password-rules';
import { z } from 'zod';
import { passwordRuleMessage, resetPasswordWithToken } from '../services/account.service';

const schema = z.object({
  newPassword: z.string().min(1, 'New password is required').refine(meetsPasswordRules, PASSWORD_RULES_MESSAGE),
});

const FAILURE = 'Failed to reset password. Please try again or request a new reset link.';

export function CreateNewPasswordPage() {
  usePageMeta({
    title: 'Create New Password',
    description: `Choose a new password for your ${BRAND} account with the link from your reset email.`,
    noindex: true,
  });
  const { token = '' } = useParams();
  const navigate = useNavigate();
  const [visible, { toggle }] = useDisclosure(false);
  const form = useForm({
    initialValues: { newPassword: '' },
    validate: schemaResolver(schema, { sync: true }),
  });
  const mutation = useMutation({
    mutationFn: (newPassword: string) => resetPasswordWithToken(token, newPassword),
  });

  // An empty field only says so beside it; a weak password is also announced, as the spec asks.
  const onInvalid = (errors: FormErrors) =>
    errors.newPassword === PASSWORD_RULES_MESSAGE && notify.error(PASSWORD_RULES_MESSAGE);

  const handleSubmit = async ({ newPassword }: { newPassword: string }) => {
    try {
      await mutation.mutateAsync(newPassword);
      trackEvent('Authentication', 'password_reset');
      notify.success('Your password has been changed successfully.');
      navigate('/sign-in');
    } catch (error) {
      console.error('Password reset with token failed', error);
      trackEvent('Error', 'password_reset_failed', 'token_route');
      const detail = passwordRuleMessage(error);
      if (detail) notify.error(detail, FAILURE);
      else notify.error(FAILURE);
    }
  };

  return (
    <AuthCard
      icon={<IconLockPassword size={28} />}
      title="Create a new password"
      subtitle="Enter the new password for your account."
    >
      <form method="post" onSubmit={form.onSubmit(handleSubmit, onInvalid)} noValidate>
        <Stack gap="md">
          <TextInput
            label="New Password"
            type={visible ? 'text' : 'password'}
            autoComplete="new-password"
            required
            rightSectionWidth={64}
            rightSection={
              <UnstyledButton onClick={toggle} fz="sm" fw={600} c="fanmint" aria-pressed={visible}>
                {visible ? 'Hide' : 'Show'}
              </UnstyledButton>
            }
            {...form.getInputProps('newPassword')}
          />
          <PasswordChecklist password={form.values.newPassword} />
          <Button type="submit" size="md" fullWidth loading={mutation.isPending}>
            Reset Password
          </Button>
        </Stack>
      </form>
      <Text size="xs" ta="center" c="dimmed">
        For your security this link works once.
      </Text>
    </AuthCard>
  );
}
