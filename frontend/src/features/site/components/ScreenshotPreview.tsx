import { Box, Modal, UnstyledButton } from '@mantine/core';
import { useDisclosure } from '@mantine/hooks';
import { IconArrowsMaximize } from '@tabler/icons-react';
import content from '../content/platform.json';
import { DESKTOP_SIZE, MOBILE_SIZE, themedShot, type ScreenshotRef } from './screenshots';
import classes from './screenshot.module.css';

const THEMES = ['light', 'dark'] as const;

export interface ScreenshotPreviewProps {
  shot: ScreenshotRef;
  /** Names the screenshot in the modal title and in the button's accessible name. */
  title: string;
  alt: string;
}

/**
 * A thumbnail that opens the large screenshot in a modal. Both theme variants are rendered and CSS
 * hides the other one (lightHidden/darkHidden), so the markup is the same on the server and client;
 * lazy images that stay hidden are never downloaded.
 */
export function ScreenshotPreview({ shot, title, alt }: ScreenshotPreviewProps) {
  const [opened, { open, close }] = useDisclosure(false);
  const sources = themedShot(shot);

  return (
    <>
      <UnstyledButton
        onClick={open}
        className={classes.thumb}
        aria-label={`${content.expand}: ${title}`}
        aria-haspopup="dialog"
      >
        {THEMES.map((theme) => (
          <Box
            key={theme}
            component="img"
            src={sources[theme].desktop}
            alt=""
            {...DESKTOP_SIZE}
            loading="lazy"
            decoding="async"
            className={classes.thumbImage}
            lightHidden={theme === 'dark'}
            darkHidden={theme === 'light'}
          />
        ))}
        <span className={classes.thumbBadge} aria-hidden="true">
          <IconArrowsMaximize size={16} />
        </span>
      </UnstyledButton>

      <Modal
        opened={opened}
        onClose={close}
        title={title}
        size="80rem"
        centered
        closeButtonProps={{ 'aria-label': content.close }}
      >
        {THEMES.map((theme) => {
          const { desktop, mobile } = sources[theme];
          return (
            <Box key={theme} component="picture" lightHidden={theme === 'dark'} darkHidden={theme === 'light'}>
              {mobile && <source media="(max-width: 599px)" srcSet={mobile} {...MOBILE_SIZE} />}
              <img
                src={desktop}
                alt={alt}
                {...DESKTOP_SIZE}
                loading="lazy"
                decoding="async"
                className={classes.largeImage}
              />
            </Box>
          );
        })}
      </Modal>
    </>
  );
}
