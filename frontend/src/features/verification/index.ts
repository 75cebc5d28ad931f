export { useVerificationStatus } from './hooks/use-verification-queries';
export { verificationView } from './services/verification.service';
