export { LivePhaseSwitch } from './components/LivePhaseSwitch';
export { type LockedPreviewKey } from './preview-content';
