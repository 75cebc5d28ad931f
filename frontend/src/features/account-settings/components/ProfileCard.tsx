import { Avatar, Button, FileButton, Group, Stack, Text, TextInput } from '@mantine/core';
import { schemaResolver, useForm } from '@mantine/form';
import { IconPhotoUp, IconTrash, IconUserCircle } from '@tabler/icons-react';
import { useEffect, useState } from 'react';
import { z } from 'zod';
import { notify } from '../../../lib/notify';
import {
  AVATAR_TYPES,
  DISPLAY_NAME_KEY,
  MAX_AVATAR_BYTES,
  fetchAvatar,
  removeAvatar,
  saveDisplayName,
  uploadAvatar,
} from '../services/account.service';
import { SectionCard } from '@/shared/ui/SectionCard';

const schema = z.object({
  displayName: z
    .string()
    .trim()
    .max(60, 'At most 60 characters')
    .refine((value) => !/[<>]/.test(value), 'Use letters, numbers and punctuation only'),
});

const initialsOf = (name: string, email: string | undefined) =>
  (name.trim() || email || '?')
    .split(/[\s@._-]+/)
    .filter(Boolean)
    .slice(0, 2)
    .map((part) => part[0]!.toUpperCase())
    .join('');

/** The profile picture: shown, replaced or removed; the file is checked here first, then by the server. */
function AvatarField({ name, email }: { name: string; email: string | undefined }) {
  const [url, setUrl] = useState<string | null>(null);
  const [busy, setBusy] = useState<'upload' | 'remove' | null>(null);
  const [problem, setProblem] = useState<string | null>(null);
  useEffect(() => {
    let live = true;
    fetchAvatar()
      .then((view) => live && setUrl(view.avatarUrl))
      .catch(() => undefined);
    return () => {
      live = false;
    };
  }, []);

  const upload = async (file: File | null) => {
    if (!file) return;
    setProblem(null);
    if (!AVATAR_TYPES.includes(file.type)) return setProblem('Choose a JPEG, PNG or WebP image.');
    if (file.size > MAX_AVATAR_BYTES) return setProblem('The picture is larger than 5 MB.');
    setBusy('upload');
    try {
      setUrl((await uploadAvatar(file)).avatarUrl);
      notify.success('Profile picture saved');
    } catch (error) {
      setProblem((error as Error).message);
    } finally {
      setBusy(null);
    }
  };

  const remove = async () => {
    setBusy('remove');
    setProblem(null);
    try {
      setUrl((await removeAvatar()).avatarUrl);
      notify.success('Profile picture removed');
    } catch (error) {
      setProblem((error as Error).message);
    } finally {
      setBusy(null);
    }
  };

  return (
    <Group gap="md" wrap="nowrap" align="center">
      <Avatar
        src={url}
        alt={url ? 'Your profile picture' : undefined}
        size={72}
        radius={72}
        color="fanmint"
        variant="light"
        fz={24}
      >
        {initialsOf(name, email)}
      </Avatar>
      <Stack gap={6}>
        <Group gap="xs" wrap="wrap">
          <FileButton onChange={upload} accept={AVATAR_TYPES.join(',')}>
            {(props) => (
              <Button
                {...props}
                size="xs"
                variant="light"
                leftSection={<IconPhotoUp size={16} />}
                loading={busy === 'upload'}
                disabled={busy === 'remove'}
              >
                {url ? 'Change picture' : 'Upload picture'}
              </Button>
            )}
          </FileButton>
          {url && (
            <Button
              size="xs"
              variant="subtle"
              color="gray"
              leftSection={<IconTrash size={16} />}
              onClick={remove}
              loading={busy === 'remove'}
              disabled={busy === 'upload'}
            >
              Remove
            </Button>
          )}
        </Group>
        <Text size="xs" c={problem ? 'red' : 'dimmed'} role={problem ? 'alert' : undefined}>
          {problem ??
            'JPEG, PNG or WebP, up to 5 MB. Cropped to a square; photo details (location, camera) are removed.'}
        </Text>
      </Stack>
    </Group>
  );
}

export function ProfileCard({ metadata, email }: { metadata: Record<string, unknown> | undefined; email?: string }) {
  const current = typeof metadata?.[DISPLAY_NAME_KEY] === 'string' ? (metadata[DISPLAY_NAME_KEY] as string) : '';
  const form = useForm({ initialValues: { displayName: current }, validate: schemaResolver(schema, { sync: true }) });
  const [pending, setPending] = useState(false);
  useEffect(() => {
    if (!form.isDirty()) form.setValues({ displayName: current });
    // Only when the stored name changes (the session loads or refreshes).
  }, [current]);

  const submit = form.onSubmit(async ({ displayName }) => {
    setPending(true);
    try {
      await saveDisplayName(displayName);
      form.resetDirty();
      notify.success('Display name saved');
    } catch (error) {
      notify.error(`Could not save your display name: ${(error as Error).message}`);
    } finally {
      setPending(false);
    }
  });

  return (
    <SectionCard
      icon={<IconUserCircle size={22} />}
      title="Profile"
      description="How you appear to creators and in your messages."
    >
      <AvatarField name={form.values.displayName || current} email={email} />
      <form onSubmit={submit} noValidate>
        <Group align="flex-end" gap="sm" wrap="wrap">
          <TextInput
            label="Display name"
            placeholder="e.g. Alex"
            maxLength={60}
            style={{ flex: '1 1 220px' }}
            {...form.getInputProps('displayName')}
          />
          <Button type="submit" loading={pending} disabled={!form.isDirty()}>
            Save
          </Button>
        </Group>
      </form>
    </SectionCard>
  );
}
