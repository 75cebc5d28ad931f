import { Alert, Button, Group, Modal, NativeSelect, Stack, Text, Textarea, TextInput, ThemeIcon } from '@mantine/core';
import { schemaResolver, useForm } from '@mantine/form';
import { IconAlertTriangle, IconCheck } from '@tabler/icons-react';
import { useEffect, useState, type ReactNode } from 'react';
import { ApiError } from '../../../lib/api-client';
import { notify } from '../../../lib/notify';
import marketing from '@/shared/ui/marketing.module.css';
import { DETAILS_MAX, DETAILS_MIN } from '../services/moderation.service';
import { errorMessage } from '@/shared/api-problems';
import { z } from 'zod';

export interface CaseFormValues {
  reason: string;
  details: string;
  email: string;
}

export interface CaseSubmission {
  reason: string;
  details: string;
  email?: string;
}

export interface CaseFormModalProps {
  opened: boolean;
  onClose: () => void;
  title: string;
  intro: ReactNode;
  /** The choices of the Reason select (not needed with `fixedReason`). */
  reasons?: readonly { value: string; label: string }[];
  /** A case with one possible reason (an appeal): no Reason select, this value is sent. */
  fixedReason?: string;
  detailsDescription?: string;
  /** Prefilled (e.g. the signed-in account's email); every opening starts from it. */
  initialEmail?: string;
  /** Anonymous reporters and every takedown request must leave an email for the outcome. */
  emailRequired: boolean;
  emailDescription: string;
  submitLabel: string;
  /** Shown instead of the form once the case is opened ('panel'), or as a toast as the modal closes ('toast'). */
  successText: string;
  confirmWith?: 'panel' | 'toast';
  pending: boolean;
  onSubmit: (submission: CaseSubmission) => Promise<unknown>;
  /** Extra content under the form (e.g. a link to the other form). */
  footer?: ReactNode;
}

const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;
const FIELDS = ['reason', 'details', 'email'] as const;

/** Details are judged trimmed; the email may be left out unless the case needs one. */
const caseSchema = (emailRequired: boolean) =>
  z.object({
    reason: z.string().min(1, 'Choose a reason'),
    details: z
      .string()
      .trim()
      .min(DETAILS_MIN, `Tell us what is wrong (at least ${DETAILS_MIN} characters)`)
      .max(DETAILS_MAX, `At most ${DETAILS_MAX} characters`),
    email: z
      .string()
      .trim()
      .refine((email) => email !== '' || !emailRequired, 'Enter your email so we can tell you the outcome')
      .refine((email) => email === '' || EMAIL.test(email), 'Enter a valid email address'),
  });

const DEFAULT_DETAILS_DESCRIPTION = 'What is wrong, and where (for example which video or album).';

/** The report, takedown and appeal forms: reason, details (10-4000 characters) and an email for the outcome. */
export function CaseFormModal(props: CaseFormModalProps) {
  const {
    opened,
    onClose,
    title,
    intro,
    reasons,
    fixedReason,
    emailRequired,
    emailDescription,
    submitLabel,
    successText,
    pending,
    onSubmit,
    footer,
  } = props;
  const { detailsDescription = DEFAULT_DETAILS_DESCRIPTION, initialEmail = '', confirmWith = 'panel' } = props;
  const [done, setDone] = useState(false);
  const [failure, setFailure] = useState<string | null>(null);
  const initialValues = { reason: fixedReason ?? '', details: '', email: initialEmail };
  const form = useForm<CaseFormValues>({
    initialValues,
    validateInputOnBlur: true,
    validate: schemaResolver(caseSchema(emailRequired), { sync: true }),
  });

  // Each opening starts from an empty form (only `opened` is a dependency: the form object changes every render).
  useEffect(() => {
    if (!opened) return;
    form.setInitialValues(initialValues);
    form.reset();
    setDone(false);
    setFailure(null);
  }, [opened]);

  const submit = async (values: CaseFormValues) => {
    setFailure(null);
    const email = values.email.trim();
    try {
      await onSubmit({ reason: values.reason, details: values.details.trim(), ...(email ? { email } : {}) });
      if (confirmWith === 'toast') {
        notify.success(successText);
        onClose();
      } else {
        setDone(true);
      }
    } catch (error) {
      const problems =
        error instanceof ApiError && Array.isArray(error.body?.details)
          ? (error.body.details as { field?: string; message?: string }[])
          : [];
      const known = problems.filter((problem) => FIELDS.includes(problem.field as (typeof FIELDS)[number]));
      for (const problem of known) form.setFieldError(problem.field as string, problem.message ?? 'Check this field');
      if (known.length === 0) setFailure(errorMessage(error, 'Your request could not be sent. Please try again.'));
    }
  };

  const detailsLength = form.values.details.trim().length;

  return (
    <Modal opened={opened} onClose={pending ? () => {} : onClose} title={title} centered size="lg" zIndex={500}>
      {done ? (
        <Stack align="center" ta="center" gap="md" py="md">
          <ThemeIcon size={56} radius="xl" variant="light" color="teal">
            <IconCheck size={30} />
          </ThemeIcon>
          <Text size="lg" fw={600} role="status">
            {successText}
          </Text>
          <Button onClick={onClose} data-autofocus>
            Close
          </Button>
        </Stack>
      ) : (
        <form onSubmit={form.onSubmit(submit)} noValidate>
          <Stack gap="md">
            <Text size="sm" className={marketing.muted}>
              {intro}
            </Text>
            {!fixedReason && (
              <NativeSelect
                label="Reason"
                required
                data={[{ value: '', label: 'Select a reason', disabled: true }, ...(reasons ?? [])]}
                {...form.getInputProps('reason')}
                data-autofocus
              />
            )}
            <div>
              <Textarea
                label="Details"
                description={detailsDescription}
                required
                data-autofocus={fixedReason ? true : undefined}
                rows={5}
                resize="vertical"
                maxLength={DETAILS_MAX}
                {...form.getInputProps('details')}
              />
              <Text size="xs" className={marketing.muted} ta="right" mt={4} aria-live="polite">
                {detailsLength}/{DETAILS_MAX}
              </Text>
            </div>
            <TextInput
              label={emailRequired ? 'Email' : 'Email (optional)'}
              description={emailDescription}
              type="email"
              autoComplete="email"
              placeholder="you@example.com"
              required={emailRequired}
              {...form.getInputProps('email')}
            />
            {failure && (
              <Alert color="red" variant="light" icon={<IconAlertTriangle size={18} />} role="alert">
                {failure}
              </Alert>
            )}
            <Group justify="flex-end" gap="sm">
              <Button variant="default" onClick={onClose} disabled={pending}>
                Cancel
              </Button>
              <Button type="submit" loading={pending}>
                {submitLabel}
              </Button>
            </Group>
            {footer}
          </Stack>
        </form>
      )}
    </Modal>
  );
}
