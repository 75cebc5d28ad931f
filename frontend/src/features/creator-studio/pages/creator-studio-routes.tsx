import { KINDS } from '../content-kinds';
import { LivePhaseSwitch } from '@/features/locked-previews';
import { MyContentPage } from './MyContentPage';
import { StoreSettingsPage } from './StoreSettingsPage';

/** Live: the creator's real pages. Pre-launch: the locked preview each route showed before. */
export function StoreSettingsRoute() {
  return (
    <LivePhaseSwitch preview="store-settings">
      <StoreSettingsPage />
    </LivePhaseSwitch>
  );
}

export function MyVideosRoute() {
  return (
    <LivePhaseSwitch preview={KINDS.video.preview}>
      <MyContentPage key="video" kind="video" />
    </LivePhaseSwitch>
  );
}

export function MyPhotoAlbumsRoute() {
  return (
    <LivePhaseSwitch preview={KINDS.album.preview}>
      <MyContentPage key="album" kind="album" />
    </LivePhaseSwitch>
  );
}
