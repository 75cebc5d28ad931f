import { Button, Group, Skeleton, Stack } from '@mantine/core';
import { Link } from 'react-router-dom';
import { useTokenPresence } from '../hooks/use-token-presence';

/** 'Go to Dashboard' when a token is stored, otherwise 'Sign Up' and 'Sign In' (SPEC §2). */
export function AuthActions({ stacked = false, onNavigate }: { stacked?: boolean; onNavigate?: () => void }) {
  const { hasToken, checking } = useTokenPresence();
  const Wrapper = stacked ? Stack : Group;

  if (checking) {
    return (
      <Wrapper gap="sm" aria-busy="true">
        <Skeleton height={36} width={stacked ? '100%' : 180} radius="sm" />
      </Wrapper>
    );
  }

  if (hasToken) {
    return (
      <Wrapper gap="sm">
        <Button component={Link} to="/dashboard" onClick={onNavigate} fullWidth={stacked}>
          Go to Dashboard
        </Button>
      </Wrapper>
    );
  }

  return (
    <Wrapper gap="sm" wrap="nowrap">
      <Button component={Link} to="/sign-in" variant="default" onClick={onNavigate} fullWidth={stacked}>
        Sign In
      </Button>
      <Button component={Link} to="/sign-up" onClick={onNavigate} fullWidth={stacked}>
        Sign Up
      </Button>
    </Wrapper>
  );
}
