import { warmAuthClient } from '../services/auth.service';
import { HydratedFieldset } from '../../../lib/hydrated-fieldset';
import { Anchor, Button, Checkbox, Collapse, PasswordInput, Stack, Text, TextInput } from '@mantine/core';
import { schemaResolver, useForm } from '@mantine/form';
import { IconUserPlus } from '@tabler/icons-react';
import { useRef } from 'react';
import { Link, useSearchParams } from 'react-router-dom';
import { usePageMeta } from '../../../lib/page-meta';
import { meetsPasswordRules } from '../../../lib/password-rules';
import { BRAND, POLICY_VERSIONS } from '../../../lib/site';
import { AuthCard } from '../components/AuthCard';
import { PasswordChecklist } from '@/shared/PasswordChecklist';
import { announceFirstError, emailField, PASSWORDS_DIFFER_MESSAGE } from '@/shared/form-schemas';
import { z } from 'zod';
import { useSignUp, type SignUpValues } from '../hooks/use-sign-up';
import { rememberReturnTo, withNext } from '../services/return-to';

const POLICY_LINKS = [
  { label: 'Terms of Service', to: '/terms' },
  { label: 'Privacy Policy', to: '/privacy' },
  { label: 'Refund Policy', to: '/refund-policy' },
  { label: 'Chargeback Policy', to: '/chargeback-policy' },
  { label: 'User Creator Agreement', to: '/user-creator-agreement' },
  { label: 'Complaints Policy', to: '/complaints-policy' },
  { label: 'Content Management Policy', to: '/content-management-policy' },
];

function TermsLabel() {
  return (
    <Text size="sm" component="span">
      I accept the{' '}
      {POLICY_LINKS.map((link, i) => (
        <span key={link.to}>
          <Anchor href={link.to} target="_blank" rel="noopener" size="sm" inherit underline="always">
            {link.label}
          </Anchor>
          {i < POLICY_LINKS.length - 2 ? ', ' : i === POLICY_LINKS.length - 2 ? ' and ' : ''}
        </span>
      ))}{' '}
      <Text span c="dimmed" size="xs">
        (version {POLICY_VERSIONS.terms})
      </Text>
    </Text>
  );
}

const schema = z
  .object({
    email: emailField(),
    password: z.string(),
    confirmPassword: z.string(),
    acceptedTerms: z.boolean().refine(Boolean, 'You must accept the Terms of Service and Privacy Policy'),
    marketingConsent: z.boolean(),
  })
  .refine((v) => v.password === v.confirmPassword, { path: ['confirmPassword'], message: PASSWORDS_DIFFER_MESSAGE });

/** Marketing consent is optional and never gates the button: consent must be freely given. */
export function canSubmitSignUp(v: SignUpValues): boolean {
  return Boolean(v.email && v.password && v.confirmPassword && v.acceptedTerms && meetsPasswordRules(v.password));
}

export function SignUpPage() {
  usePageMeta({
    title: 'Sign Up',
    description: `Create your free ${BRAND} account: early sign-up is live. Launch a branded creator store, earn up to 90% and collect token rewards.`,
    keywords: ['sign up', 'early sign-up', 'creator store', 'airdrop', BRAND],
  });
  const next = useSearchParams()[0].get('next');
  const { submit, submitting, succeeded } = useSignUp(next);
  const emailRef = useRef<HTMLInputElement>(null);
  const form = useForm<SignUpValues>({
    initialValues: { email: '', password: '', confirmPassword: '', acceptedTerms: false, marketingConsent: false },
    validate: schemaResolver(schema, { sync: true }),
  });
  const { values } = form;

  const handleSubmit = async (v: SignUpValues) => {
    const outcome = await submit(v);
    // Kept across the email confirmation (its link may open in another tab): sign-in goes back there.
    if (outcome === 'ok' && next) rememberReturnTo(next);
    if (outcome === 'already-registered') emailRef.current?.focus();
  };

  return (
    <AuthCard
      icon={<IconUserPlus size={28} />}
      title="Create your account"
      subtitle="Early sign-up is live. Claim your spot before launch."
      size={500}
    >
      <form
        method="post"
        onSubmit={form.onSubmit(handleSubmit, (errors) =>
          announceFirstError(errors, ['confirmPassword', 'acceptedTerms']),
        )}
        onFocusCapture={warmAuthClient}
        noValidate
      >
        <HydratedFieldset>
          <Stack gap="md">
            <TextInput
              ref={emailRef}
              label="Email"
              type="email"
              autoComplete="email"
              placeholder="you@example.com"
              required
              {...form.getInputProps('email')}
            />
            <PasswordInput
              label="Password"
              autoComplete="new-password"
              placeholder="Create a strong password"
              required
              {...form.getInputProps('password')}
            />
            <PasswordInput
              label="Confirm password"
              autoComplete="new-password"
              placeholder="Repeat your password"
              required
              {...form.getInputProps('confirmPassword')}
            />
            <Collapse expanded={values.password.length > 0 || values.confirmPassword.length > 0}>
              <PasswordChecklist password={values.password} confirmation={values.confirmPassword} />
            </Collapse>
            <Checkbox required label={<TermsLabel />} {...form.getInputProps('acceptedTerms', { type: 'checkbox' })} />
            <Checkbox
              label="Send me product news and launch updates by email (optional)"
              {...form.getInputProps('marketingConsent', { type: 'checkbox' })}
            />
            <Button
              type="submit"
              size="md"
              fullWidth
              loading={submitting}
              disabled={!canSubmitSignUp(values) || succeeded}
            >
              Create Account
            </Button>
          </Stack>
        </HydratedFieldset>
      </form>
      <Text size="sm" ta="center" c="dimmed">
        Already have an account?{' '}
        <Anchor component={Link} to={withNext('/sign-in', next)} fw={600} underline="always">
          Sign in
        </Anchor>
      </Text>
    </AuthCard>
  );
}
