export { GeneralSettingsPage } from './pages/GeneralSettingsPage';
