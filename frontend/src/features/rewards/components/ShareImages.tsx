import { Box, Button, Card, Image, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { IconDownload, IconPhoto } from '@tabler/icons-react';
import { BRAND, PRODUCT_SLUG, SOCIAL_HANDLE } from '../../../lib/site';
import { SectionCard } from '@/shared/ui/SectionCard';

export const SHARE_IMAGES = [
  {
    key: 'story',
    title: 'Story',
    ratio: '9:16',
    src: '/images/share/rewards-story.png',
    width: 1080,
    height: 1920,
    hint: 'For Instagram, TikTok and Telegram stories.',
  },
  {
    key: 'post',
    title: 'Post',
    ratio: '1:1',
    src: '/images/share/rewards-post.png',
    width: 1080,
    height: 1080,
    hint: 'For feed posts on X, Instagram and Telegram.',
  },
] as const;

/** Previews share one height, so the tall story and the square post sit level; narrower screens scale them down. */
const PREVIEW_HEIGHT = 300;

export function ShareImages() {
  return (
    <SectionCard
      icon={<IconPhoto size={22} />}
      title="Share images"
      description={`Post one of these for the Billionaire Mega Draw: tag @${SOCIAL_HANDLE}, add #${BRAND} and keep the link and a screenshot of your post.`}
    >
      <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="lg">
        {SHARE_IMAGES.map((image) => (
          <Card key={image.key} withBorder radius="md" padding="md">
            <Stack gap="sm" align="center" h="100%">
              <Box
                w="100%"
                p="sm"
                style={{
                  display: 'flex',
                  justifyContent: 'center',
                  borderRadius: 'var(--mantine-radius-md)',
                  background: 'var(--mantine-color-default-hover)',
                }}
              >
                <Image
                  src={image.src}
                  alt={`${BRAND} rewards share image, ${image.title.toLowerCase()} format (${image.ratio})`}
                  w={(PREVIEW_HEIGHT * image.width) / image.height}
                  maw="100%"
                  h="auto"
                  style={{ aspectRatio: `${image.width} / ${image.height}` }}
                  radius="sm"
                  loading="lazy"
                />
              </Box>
              <Stack gap={2} align="center">
                <Title order={3} fz="md">
                  {`${image.title} (${image.ratio})`}
                </Title>
                <Text size="sm" c="dimmed" ta="center">
                  {image.hint}
                </Text>
              </Stack>
              <Button
                component="a"
                href={image.src}
                download={`${PRODUCT_SLUG}-rewards-${image.key}.png`}
                variant="light"
                leftSection={<IconDownload size={16} />}
                mt="auto"
              >
                {`Download ${image.title.toLowerCase()} image`}
              </Button>
            </Stack>
          </Card>
        ))}
      </SimpleGrid>
    </SectionCard>
  );
}
