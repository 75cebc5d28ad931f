import { Box, Group, Modal, Text, UnstyledButton, useComputedColorScheme } from '@mantine/core';
import { IconArrowsMaximize, IconDeviceDesktop, IconDeviceMobile } from '@tabler/icons-react';
import { useState } from 'react';
import { useHydrated } from '../../../lib/use-browser-value';
import { DESKTOP_SIZE, MOBILE_SIZE, themedShot } from '@/features/site';
import { LOCKED_PREVIEW_COPY as copy, type LockedPreviewKey } from '../preview-content';
import classes from './PreviewScreenshots.module.css';

type Device = 'desktop' | 'mobile';
type Scheme = 'light' | 'dark';

const DEVICES: { device: Device; icon: typeof IconDeviceDesktop; size: { width: number; height: number } }[] = [
  { device: 'desktop', icon: IconDeviceDesktop, size: DESKTOP_SIZE },
  { device: 'mobile', icon: IconDeviceMobile, size: MOBILE_SIZE },
];

export interface PreviewScreenshotsProps {
  preview: LockedPreviewKey;
  title: string;
  alt: string;
}

/**
 * The desktop and mobile screenshots of a locked feature in the current theme; each opens large in a
 * modal. Before hydration the theme is not known to the markup, so both variants are written and CSS
 * (lightHidden/darkHidden) shows the right one; once the page runs only the current theme's image is
 * rendered, so the other is never downloaded.
 */
export function PreviewScreenshots({ preview, title, alt }: PreviewScreenshotsProps) {
  const hydrated = useHydrated();
  const scheme = useComputedColorScheme('dark', { getInitialValueInEffect: false });
  const [expanded, setExpanded] = useState<Device | null>(null);
  const shot = themedShot({ kind: 'preview', name: preview });
  const src = (theme: Scheme, device: Device) => shot[theme][device] ?? shot[theme].desktop;
  const schemes: Scheme[] = hydrated ? [scheme] : ['light', 'dark'];
  const expandedSize = expanded === 'mobile' ? MOBILE_SIZE : DESKTOP_SIZE;
  const deviceLabel = (device: Device) => copy.devices[device];

  return (
    <>
      <div className={classes.shots}>
        {DEVICES.map(({ device, icon: DeviceIcon, size }) => (
          <Box component="figure" key={device} className={classes.figure} data-device={device}>
            <UnstyledButton
              className={classes.thumb}
              onClick={() => setExpanded(device)}
              aria-label={copy.expand(deviceLabel(device), title)}
              aria-haspopup="dialog"
            >
              {schemes.map((theme) => (
                <Box
                  key={theme}
                  component="img"
                  src={src(theme, device)}
                  alt=""
                  {...size}
                  decoding="async"
                  className={classes.thumbImage}
                  data-theme={theme}
                  lightHidden={!hydrated && theme === 'dark'}
                  darkHidden={!hydrated && theme === 'light'}
                />
              ))}
              <span className={classes.expandBadge} aria-hidden="true">
                <IconArrowsMaximize size={16} />
              </span>
            </UnstyledButton>
            <Group component="figcaption" gap={6} justify="center" c="dimmed" className={classes.caption}>
              <DeviceIcon size={16} aria-hidden="true" />
              <Text size="sm" span>
                {deviceLabel(device)}
              </Text>
            </Group>
          </Box>
        ))}
      </div>

      <Modal
        opened={expanded !== null}
        onClose={() => setExpanded(null)}
        title={expanded ? copy.modalTitle(deviceLabel(expanded), title) : ''}
        size={expanded === 'mobile' ? 'auto' : '80rem'}
        centered
        closeButtonProps={{ 'aria-label': copy.close }}
      >
        {expanded && (
          <img
            src={src(scheme, expanded)}
            alt={`${alt}, ${expanded} layout`}
            {...expandedSize}
            className={classes.largeImage}
            data-theme={scheme}
          />
        )}
      </Modal>
    </>
  );
}
