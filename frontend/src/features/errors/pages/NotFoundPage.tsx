// The router's catch-all route and the prerendered 404.html load this module by its path; the page
// itself lives in the shared folder because a store or a checkout that does not exist shows it too.
export { NotFoundPage } from '@/shared/ui/NotFoundPage';
