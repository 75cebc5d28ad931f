import { Alert, Anchor, Button, FileButton, Group, Radio, Stack, Switch, Text, Textarea } from '@mantine/core';
import { IconAlertTriangle, IconMovie, IconPhotoPlus } from '@tabler/icons-react';
import { useEffect, useState } from 'react';
import { Link } from 'react-router-dom';
import { notify } from '../../../lib/notify';
import { fieldProblems, serviceMessage } from '@/shared/api-problems';
import { formatMoney } from '@/shared/format';
import { checkAmount, toMajor, toMinor, type MajorAmount } from '@/shared/money';
import contrast from '@/shared/ui/contrast.module.css';
import { MoneyInput } from '@/shared/ui/MoneyInput';
import readable from '@/shared/ui/readable-errors.module.css';
import { isBusy, usePostAttachments } from '../hooks/use-post-attachments';
import { useCreatePost, useMyStore, useUpdatePost } from '../hooks/use-posts';
import { POST_LIMITS, type NewPost, type Post, type PostAudience, type PostPatch } from '../services/posts-types';
import '../posts-styles';
import { AttachmentRow } from './AttachmentRow';

const AUDIENCES: { value: PostAudience; label: string; description: string }[] = [
  { value: 'free', label: 'Free', description: 'Everyone who can see your store.' },
  {
    value: 'subscribers',
    label: 'Subscribers only',
    description: 'Your subscribers see everything; others see the text and a blurred preview.',
  },
  {
    value: 'paid',
    label: 'Pay to unlock',
    description: 'Fans pay once to see the photos and videos; everyone sees the text and a blurred preview.',
  },
];

interface Problems {
  text?: string;
  price?: string;
  form?: string;
}

export interface PostComposerProps {
  /** Editing this post (PATCH); without it a new post (POST). */
  post?: Post;
  /** After a save: the post as the server stored it. */
  onDone?: (post: Post) => void;
  onCancel?: () => void;
}

/** Writes or edits a post: text, who sees it (and the unlock price), photos and videos, and comments on or off. */
export function PostComposer({ post, onDone, onCancel }: PostComposerProps) {
  const store = useMyStore();
  const currency = store.data?.content.currency ?? post?.currency ?? 'EUR';
  const subscriptionsOff = store.data ? !store.data.access.subscriptionEnabled : false;
  const [text, setText] = useState(post?.text ?? '');
  const [audience, setAudience] = useState<PostAudience>(post?.audience ?? 'free');
  const [price, setPrice] = useState<MajorAmount>(post?.priceMinor != null ? toMajor(post.priceMinor) : '');
  const [commentsEnabled, setCommentsEnabled] = useState(post?.commentsEnabled ?? true);
  const [problems, setProblems] = useState<Problems>({});
  const media = usePostAttachments(post?.media);
  const create = useCreatePost();
  const update = useUpdatePost();
  const saving = create.isPending || update.isPending;
  const busy = media.attachments.some(isBusy);
  const editing = Boolean(post);

  // Closing the tab would drop the files still being sent.
  useEffect(() => {
    if (!busy) return;
    const warn = (event: BeforeUnloadEvent) => event.preventDefault();
    window.addEventListener('beforeunload', warn);
    return () => window.removeEventListener('beforeunload', warn);
  }, [busy]);

  const attach = (kind: 'album' | 'video') => (picked: File[] | File | null) => {
    const files = picked ? ([] as File[]).concat(picked) : [];
    if (files.length === 0) return;
    const refused = media.add(kind, files);
    setProblems((current) => ({ ...current, form: refused ?? undefined }));
  };

  const check = (): Problems => {
    const found: Problems = {};
    const count = media.attachments.length;
    if (text.length > POST_LIMITS.textMax)
      found.text = `A post has at most ${POST_LIMITS.textMax.toLocaleString('en')} characters`;
    if (!text.trim() && count === 0) found.form = 'Write something or attach photos or a video.';
    else if (audience === 'paid' && count === 0) found.form = 'A pay-to-unlock post needs photos or a video.';
    else if (count > POST_LIMITS.mediaMax)
      found.form = `A post carries at most ${POST_LIMITS.mediaMax} photo albums and videos.`;
    else if (busy) found.form = 'Wait until your photos and videos finish uploading.';
    else if (media.attachments.some((item) => item.status === 'failed'))
      found.form = 'Remove the uploads that failed before posting.';
    if (audience === 'paid') {
      found.price =
        price === ''
          ? 'Enter the price to unlock'
          : (checkAmount(price, POST_LIMITS.priceMinMinor, POST_LIMITS.priceMaxMinor, currency) ?? undefined);
    }
    return Object.fromEntries(Object.entries(found).filter(([, value]) => value)) as Problems;
  };

  const refused = (error: unknown) => {
    const found: Problems = {};
    for (const problem of fieldProblems(error)) {
      if (problem.field === 'text') found.text = problem.message;
      else if (problem.field === 'priceMinor') found.price = problem.message;
      else found.form = problem.message;
    }
    setProblems(found);
    notify.error(serviceMessage(error, 'Your post was not saved. Please try again.'));
  };

  const submit = async () => {
    const found = check();
    setProblems(found);
    if (Object.keys(found).length > 0) return;
    const mediaIds = media.attachments.flatMap((item) => (item.contentId ? [item.contentId] : []));
    const priceMinor = audience === 'paid' ? toMinor(price) : null;
    try {
      if (post) {
        const patch: PostPatch = { text: text.trim(), audience, priceMinor, mediaIds, commentsEnabled };
        const saved = await update.mutateAsync({ id: post.id, patch });
        notify.success(
          saved.status === 'in_review'
            ? 'Saved. The post is in review until its new photos and videos are approved.'
            : 'Your changes are saved.',
        );
        onDone?.(saved);
        return;
      }
      const body: NewPost = {
        text: text.trim(),
        audience,
        ...(priceMinor !== null ? { priceMinor } : {}),
        ...(mediaIds.length > 0 ? { mediaIds } : {}),
        commentsEnabled,
      };
      const saved = await create.mutateAsync(body);
      notify.success(
        saved.status === 'published'
          ? 'Your post is live.'
          : 'Your post is in review. It goes live when its photos and videos are approved.',
      );
      setText('');
      setAudience('free');
      setPrice('');
      setCommentsEnabled(true);
      media.reset();
      onDone?.(saved);
    } catch (error) {
      refused(error);
    }
  };

  return (
    <Stack gap="md" className={readable.readableErrors}>
      <Textarea
        label={editing ? 'Text' : 'Write a post'}
        placeholder="Share news, a behind-the-scenes moment or what is coming next"
        autosize
        minRows={3}
        maxRows={12}
        value={text}
        onChange={(event) => setText(event.currentTarget.value)}
        error={problems.text}
        description={`${text.length.toLocaleString('en')} / ${POST_LIMITS.textMax.toLocaleString('en')}`}
        inputWrapperOrder={['label', 'input', 'description', 'error']}
      />
      <Stack gap="xs">
        <Group gap="xs">
          <FileButton onChange={attach('album')} accept="image/jpeg,image/png,image/webp" multiple>
            {(props) => (
              <Button {...props} variant="default" leftSection={<IconPhotoPlus size={18} />}>
                Add photos
              </Button>
            )}
          </FileButton>
          <FileButton onChange={attach('video')} accept="video/mp4,video/quicktime,video/webm,video/x-matroska">
            {(props) => (
              <Button {...props} variant="default" leftSection={<IconMovie size={18} />}>
                Add a video
              </Button>
            )}
          </FileButton>
        </Group>
        <Text size="xs" c="dimmed">
          Photos (JPEG, PNG or WebP) and videos (MP4, MOV, WebM or MKV). A moderator reviews each before anyone else
          sees the post.
        </Text>
        {media.attachments.length > 0 && (
          <Stack component="ul" gap="xs" p={0} m={0} style={{ listStyle: 'none' }} aria-label="Attached media">
            {media.attachments.map((item) => (
              <AttachmentRow key={item.key} attachment={item} onRemove={() => media.remove(item.key)} />
            ))}
          </Stack>
        )}
      </Stack>
      <Radio.Group
        label="Who can see it"
        value={audience}
        onChange={(value) => {
          setAudience(value as PostAudience);
          setProblems((current) => ({ ...current, price: undefined }));
        }}
      >
        <Stack gap="sm" mt="xs">
          {AUDIENCES.map((option) => (
            <Radio key={option.value} value={option.value} label={option.label} description={option.description} />
          ))}
        </Stack>
      </Radio.Group>
      {audience === 'subscribers' && subscriptionsOff && (
        <Alert color="orange" variant="light" icon={<IconAlertTriangle size={18} />} className={contrast.tintedAlert}>
          <Text size="sm">
            Your store does not offer a subscription, so nobody can subscribe to see this post.{' '}
            <Anchor component={Link} to="/dashboard/mystoresettings" inherit fw={600} underline="always">
              Turn subscriptions on in Store Settings
            </Anchor>
            .
          </Text>
        </Alert>
      )}
      {audience === 'paid' && (
        <MoneyInput
          currency={currency}
          label="Price to unlock"
          description={`Between ${formatMoney(POST_LIMITS.priceMinMinor, currency)} and ${formatMoney(POST_LIMITS.priceMaxMinor, currency)}`}
          value={price}
          onChange={setPrice}
          error={problems.price}
          maw={260}
          withAsterisk
        />
      )}
      <Switch
        label="Comments on"
        description="Fans can comment on this post. You can hide or delete any comment."
        checked={commentsEnabled}
        onChange={(event) => setCommentsEnabled(event.currentTarget.checked)}
      />
      {problems.form && (
        <Alert color="red" variant="light" role="alert">
          {problems.form}
        </Alert>
      )}
      <Group justify="flex-end" gap="sm">
        {onCancel && (
          <Button variant="default" onClick={onCancel} disabled={saving}>
            Cancel
          </Button>
        )}
        <Button onClick={() => void submit()} loading={saving}>
          {editing ? 'Save changes' : 'Post'}
        </Button>
      </Group>
    </Stack>
  );
}
