import { Card, Group, Stack, Text, Title } from '@mantine/core';
import {
  IconBarbell,
  IconCamera,
  IconCategory,
  IconDeviceGamepad2,
  IconFlame,
  IconHeartHandshake,
  IconMask,
  IconMoodHappy,
  IconMusic,
  IconPalette,
  IconRainbow,
  IconSchool,
  IconSparkles,
  IconUser,
  type Icon,
} from '@tabler/icons-react';
import { Link } from 'react-router-dom';
import { IconBadge } from '@/shared/ui/IconBadge';
import marketing from '@/shared/ui/marketing.module.css';
import { storeCountLabel, AdultBadge, storeClasses as classes } from '@/features/store-card';
import type { Category } from '../services/storefront.service';

const ICONS: Record<string, Icon> = {
  fitness: IconBarbell,
  cosplay: IconMask,
  lifestyle: IconSparkles,
  music: IconMusic,
  art: IconPalette,
  photography: IconCamera,
  education: IconSchool,
  gaming: IconDeviceGamepad2,
  comedy: IconMoodHappy,
  'adult-solo': IconUser,
  'adult-couples': IconHeartHandshake,
  'adult-fetish': IconFlame,
  'adult-lgbtq': IconRainbow,
};

function Body({ category }: { category: Category }) {
  return (
    <Group gap="md" wrap="nowrap" align="center">
      <IconBadge
        icon={ICONS[category.slug] ?? IconCategory}
        size="md"
        radius="md"
        color={category.nsfw ? 'red' : undefined}
      />
      <Stack gap={2} style={{ flex: 1, minWidth: 0 }}>
        <Group gap="xs" wrap="nowrap">
          <Title order={3} fz="md" lh={1.3} lineClamp={1}>
            {category.name}
          </Title>
          {category.nsfw && <AdultBadge size="sm" />}
        </Group>
        <Text size="sm" className={marketing.muted}>
          {storeCountLabel(category.storeCount)}
        </Text>
      </Stack>
    </Group>
  );
}

/**
 * A category leading to its stores. An adult category while signed out is a button instead:
 * the page asks the visitor to sign in (the API would refuse the list).
 */
export function CategoryCard({
  category,
  locked,
  onLockedClick,
}: {
  category: Category;
  locked: boolean;
  onLockedClick: () => void;
}) {
  const label = `${category.name}${category.nsfw ? ' (18+)' : ''}, ${storeCountLabel(category.storeCount)}`;
  if (locked) {
    return (
      <Card
        component="button"
        type="button"
        onClick={onLockedClick}
        withBorder
        radius="lg"
        padding="md"
        className={`${marketing.linkCard} ${classes.categoryCard}`}
        aria-label={`${label}, sign in to browse`}
        aria-haspopup="dialog"
      >
        <Body category={category} />
      </Card>
    );
  }
  return (
    <Card
      component={Link}
      to={`/stores?category=${encodeURIComponent(category.slug)}`}
      withBorder
      radius="lg"
      padding="md"
      className={`${marketing.linkCard} ${classes.categoryCard}`}
      aria-label={label}
    >
      <Body category={category} />
    </Card>
  );
}
