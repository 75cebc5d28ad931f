import { Button, PasswordInput, Stack, TextInput } from '@mantine/core';
import { schemaResolver, useForm, type FormErrors } from '@mantine/form';
import { IconLockCog } from '@tabler/icons-react';
import { useState } from 'react';
import { auth } from '../../../lib/auth-client';
import { notify } from '../../../lib/notify';
import { isSecondFactorBlock } from '@/features/auth';
import { PasswordChecklist } from '@/shared/PasswordChecklist';
import { newPasswordField, PASSWORDS_DIFFER_MESSAGE } from '@/shared/form-schemas';
import { z } from 'zod';
import { errorMessage, normaliseTotpInput, stepUpWithCode, TOTP_CODE_LENGTH } from '../services/mfa.service';
import { SectionCard } from '@/shared/ui/SectionCard';

const schema = z
  .object({
    currentPassword: z.string().min(1, 'Enter your current password'),
    password: newPasswordField(),
    confirmPassword: z.string(),
    code: z.string(),
  })
  .refine((v) => v.password === v.confirmPassword, { path: ['confirmPassword'], message: PASSWORDS_DIFFER_MESSAGE });

/** A weak password is also announced; a mismatch only shows beside its field. */
const onInvalid = (errors: FormErrors) => errors.password && notify.error(String(errors.password));

export interface ChangePasswordCardProps {
  /** 2FA is on and the session is aal1: a current code is needed before the password can change. */
  requireCode: boolean;
  onChanged: () => void;
}

export function ChangePasswordCard({ requireCode, onChanged }: ChangePasswordCardProps) {
  const [pending, setPending] = useState(false);
  const [askCode, setAskCode] = useState(false);
  const form = useForm({
    initialValues: { currentPassword: '', password: '', confirmPassword: '', code: '' },
    validate: schemaResolver(schema, { sync: true }),
  });
  const { currentPassword, password, confirmPassword, code } = form.values;
  const needCode = requireCode || askCode;

  const submit = async () => {
    setPending(true);
    try {
      if (needCode) {
        try {
          await stepUpWithCode(code);
        } catch (error) {
          notify.error(`Failed to verify 2FA token: ${errorMessage(error)}`);
          form.setFieldValue('code', '');
          return;
        }
      }
      // The current password proves it is the owner, not someone at a browser left signed in.
      const { error } = await auth.updateUser({ password, current_password: currentPassword });
      if (error) {
        if (error.code === 'current_password_mismatch') {
          form.setFieldError('currentPassword', 'Your current password is not correct');
        } else if (isSecondFactorBlock(error)) {
          setAskCode(true);
          notify.info('Enter a current 6-digit code from your authenticator app to change your password.');
        } else {
          notify.error(`Error: ${error.message}`);
        }
        return;
      }
      notify.success('Your password has been changed.');
      form.reset();
      setAskCode(false);
      onChanged();
    } catch (error) {
      notify.error(`Error: ${errorMessage(error)}`);
    } finally {
      setPending(false);
    }
  };

  return (
    <SectionCard
      icon={<IconLockCog size={22} />}
      title="Password"
      description="Change the password you use to sign in."
    >
      <form onSubmit={form.onSubmit(submit, onInvalid)} noValidate>
        <Stack gap="sm" maw={420}>
          <PasswordInput
            label="Current password"
            autoComplete="current-password"
            {...form.getInputProps('currentPassword')}
          />
          <PasswordInput label="New password" autoComplete="new-password" {...form.getInputProps('password')} />
          <PasswordInput
            label="Confirm new password"
            autoComplete="new-password"
            {...form.getInputProps('confirmPassword')}
          />
          {password && <PasswordChecklist password={password} confirmation={confirmPassword} />}
          {needCode && (
            <TextInput
              label="Current 6-digit code from your authenticator app"
              placeholder="Enter 6-digit code"
              value={code}
              onChange={(event) => form.setFieldValue('code', normaliseTotpInput(event.currentTarget.value))}
              maxLength={TOTP_CODE_LENGTH}
              inputMode="numeric"
              autoComplete="one-time-code"
            />
          )}
          <Button
            type="submit"
            loading={pending}
            disabled={
              !currentPassword || !password || !confirmPassword || (needCode && code.length !== TOTP_CODE_LENGTH)
            }
            style={{ alignSelf: 'flex-start' }}
          >
            Change password
          </Button>
        </Stack>
      </form>
    </SectionCard>
  );
}
