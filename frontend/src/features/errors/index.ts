export { NotFoundPage } from './pages/NotFoundPage';
