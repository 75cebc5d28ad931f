export { AuthCard } from './components/AuthCard';
export { ProtectedRoute } from './components/ProtectedRoute';
export { useAuthSession } from './hooks/use-auth-session';
export { isSecondFactorBlock, signOut } from './services/auth.service';
export { rememberReturnTo, takeReturnTo, withNext } from './services/return-to';
