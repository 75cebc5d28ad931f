import { Button } from '@mantine/core';
import { IconArrowRight, IconLayoutDashboard } from '@tabler/icons-react';
import { Link } from 'react-router-dom';
import { useStoredToken } from '../hooks/use-stored-token';

const FULL_ON_PHONES = { base: '100%', sm: 'auto' };

/** 'Early Sign Up Live Now' for visitors, 'Go to Dashboard' once a stored token is seen after mount. */
export function HeroCallToAction() {
  const hasToken = useStoredToken();
  if (hasToken) {
    return (
      <Button component={Link} to="/dashboard" size="lg" w={FULL_ON_PHONES} leftSection={<IconLayoutDashboard size={20} />}>
        Go to Dashboard
      </Button>
    );
  }
  return (
    <Button component={Link} to="/sign-up" size="lg" w={FULL_ON_PHONES} rightSection={<IconArrowRight size={20} />}>
      Early Sign Up Live Now
    </Button>
  );
}
