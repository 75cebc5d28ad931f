import { Container, Group, Text } from '@mantine/core';
import { IconArrowRight, IconGift } from '@tabler/icons-react';
import { Link } from 'react-router-dom';
import { TOKEN_IDO_QUARTER } from '../../../content/site-facts';
import content from '../content/home.json';
import classes from './home.module.css';

/** The strip above the hero announcing the token IDO and the community airdrop. */
export function TokenBanner() {
  const { label, cta } = content.banner;
  return (
    <Link to="/official-token" className={classes.banner}>
      <Container size="lg" py={10}>
        <Group gap="xs" justify="center" wrap="nowrap">
          <IconGift size={18} aria-hidden="true" style={{ flexShrink: 0 }} />
          <Text size="sm" fw={600} ta="center">
            {label} · IDO {TOKEN_IDO_QUARTER}{' '}
            <Text span inherit className={classes.bannerCta} style={{ whiteSpace: 'nowrap' }}>
              {cta}
              <IconArrowRight size={14} aria-hidden="true" style={{ verticalAlign: '-2px', marginLeft: 4 }} />
            </Text>
          </Text>
        </Group>
      </Container>
    </Link>
  );
}
