import '@mantine/core/styles/Combobox.css';
import { Alert, Button, Card, Group, Select, SimpleGrid, Stack, Text, TextInput } from '@mantine/core';
import { schemaResolver, useForm } from '@mantine/form';
import { z } from 'zod';
import { IconAlertTriangle, IconLock } from '@tabler/icons-react';
import { useMemo, useRef, useState } from 'react';
import { notify } from '../../../lib/notify';
import { useCountries, useSubmitVerification } from '../hooks/use-verification-queries';
import { isAdult, latestAdultBirthDate, MINIMUM_AGE, refusalMessage } from '../services/verification.service';
import { ImageUploadField } from './ImageUploadField';
import classes from '@/shared/ui/readable-errors.module.css';

const REQUIRED = 'This field is required';

interface FormValues {
  fullName: string;
  dateOfBirth: string;
  country: string;
}

/** SPEC §5: full name, date of birth and country are required and checked on every change; the age too. */
export const verificationSchema = z.object({
  fullName: z.string().trim().min(1, REQUIRED),
  dateOfBirth: z
    .string()
    .min(1, REQUIRED)
    .refine((value) => value === '' || isAdult(value), `You must be at least ${MINIMUM_AGE} years old`),
  country: z.string().min(1, REQUIRED),
});

export function VerificationForm() {
  const { countries, loading: countriesLoading, failed: countriesFailed } = useCountries();
  const options = useMemo(() => countries.map(({ code, name }) => ({ value: code, label: name })), [countries]);
  const submit = useSubmitVerification();
  const [userPhotoWithId, setUserPhotoWithId] = useState<File | null>(null);
  const [idPhoto, setIdPhoto] = useState<File | null>(null);
  const [serverMessage, setServerMessage] = useState<string | null>(null);
  const resetPhotoWithId = useRef<() => void>(null);
  const resetIdPhoto = useRef<() => void>(null);

  const form = useForm<FormValues>({
    initialValues: { fullName: '', dateOfBirth: '', country: '' },
    validate: schemaResolver(verificationSchema, { sync: true }),
    validateInputOnChange: true,
    validateInputOnBlur: true,
  });

  const ready = form.isValid() && userPhotoWithId !== null && idPhoto !== null;

  const send = async (values: FormValues) => {
    if (!userPhotoWithId || !idPhoto) return;
    setServerMessage(null);
    try {
      await submit.mutateAsync({
        fullName: values.fullName.trim(),
        dateOfBirth: values.dateOfBirth,
        country: values.country,
        userPhotoWithId,
        idPhoto,
      });
      form.reset();
      setUserPhotoWithId(null);
      setIdPhoto(null);
      resetPhotoWithId.current?.();
      resetIdPhoto.current?.();
    } catch (error) {
      notify.error('Error submitting verification. Please try again.');
      setServerMessage(refusalMessage(error));
    }
  };

  return (
    <Card
      withBorder
      radius="lg"
      padding="lg"
      component="section"
      aria-label="Verification form"
      className={classes.readableErrors}
    >
      <form onSubmit={form.onSubmit(send)} noValidate>
        <Stack gap="lg">
          <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md">
            <TextInput
              label="Full Name"
              description="Your full legal name, as shown on your ID"
              autoComplete="name"
              required
              {...form.getInputProps('fullName')}
              style={{ gridColumn: '1 / -1' }}
            />
            <TextInput
              type="date"
              label="Date of Birth"
              description="As shown on your ID"
              required
              min="1900-01-01"
              max={latestAdultBirthDate()}
              autoComplete="bday"
              {...form.getInputProps('dateOfBirth')}
            />
            <Select
              label="Country"
              description="Country of residence"
              placeholder="Select Country"
              data={options}
              searchable
              nothingFoundMessage={countriesLoading ? 'Loading countries…' : 'No country found'}
              required
              autoComplete="off"
              {...form.getInputProps('country')}
              error={
                countriesFailed
                  ? 'The country list could not be loaded. Reload the page to try again.'
                  : form.errors.country
              }
              onChange={(value: string | null) => form.setFieldValue('country', value ?? '')}
              value={form.values.country || null}
            />
          </SimpleGrid>

          <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="lg">
            <ImageUploadField
              name="userPhotoWithId"
              uploadLabel="Upload Your Photo with ID"
              changeLabel="Change Photo with ID"
              hint="A clear photo of your face and you holding your ID."
              file={userPhotoWithId}
              onChange={setUserPhotoWithId}
              resetRef={resetPhotoWithId}
            />
            <ImageUploadField
              name="idPhoto"
              uploadLabel="Upload Your ID"
              changeLabel="Change ID"
              hint="Government-issued ID, passport, driver's license etc."
              file={idPhoto}
              onChange={setIdPhoto}
              resetRef={resetIdPhoto}
            />
          </SimpleGrid>

          <Text size="xs" c="dimmed">
            JPEG, PNG or WebP, up to 10 MB each. Your documents are stored encrypted and seen only by our verification
            team.
          </Text>

          {serverMessage && (
            <Alert color="red" variant="light" icon={<IconAlertTriangle size={18} />} role="alert">
              {serverMessage}
            </Alert>
          )}

          <Group gap="md">
            <Button
              type="submit"
              size="md"
              leftSection={<IconLock size={18} />}
              loading={submit.isPending}
              disabled={!ready}
              aria-describedby={ready ? undefined : 'verification-submit-hint'}
            >
              Finish Verification
            </Button>
            {!ready && (
              <Text size="sm" c="dimmed" id="verification-submit-hint">
                Fill in every field and choose both images to continue.
              </Text>
            )}
          </Group>
        </Stack>
      </form>
    </Card>
  );
}
