export { AdultBadge } from './AdultBadge';
export { StoreCard } from './StoreCard';
export { categoryName, formatDuration, initials, safeAccent, storeCountLabel, textOnAccent } from './store-format';
export type { Category, PublicStore, StoreSummary } from './store-types';
export { default as storeClasses } from './store.module.css';
