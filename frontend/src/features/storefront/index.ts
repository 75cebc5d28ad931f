export { CaseFormModal } from './components/CaseFormModal';
export { useSubmitAppeal } from './hooks/use-storefront-queries';
