export { analyticsAllowed, saveCookieConsent } from './services/cookie-consent.service';
