export { TotpCodeInput } from './components/TotpCodeInput';
export { TOTP_CODE_LENGTH, errorMessage, listTotpFactors, stepUpWithCode } from './services/mfa.service';
