export { ComingSoonPage } from './components/ComingSoonPage';
export { DESKTOP_SIZE, MOBILE_SIZE, themedShot } from './components/screenshots';
export { SOCIAL_CHANNELS } from './social-channels';
