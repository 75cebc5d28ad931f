export { BackofficeModule } from './backoffice.module.js';
