import { Button } from '@mantine/core';
import { IconArrowRight, IconLayoutDashboard } from '@tabler/icons-react';
import { Link } from 'react-router-dom';
import { useStoredToken } from '../../../lib/use-stored-token';
import { FULL_WIDTH_ON_PHONES } from '@/shared/ui/responsive';

/** 'Early Sign Up Live Now' for visitors, 'Go to Dashboard' once a stored token is seen after mount. */
export function HeroCallToAction() {
  const hasToken = useStoredToken();
  return (
    <Button
      component={Link}
      to={hasToken ? '/dashboard' : '/sign-up'}
      size="lg"
      w={FULL_WIDTH_ON_PHONES}
      leftSection={hasToken && <IconLayoutDashboard size={20} />}
      rightSection={!hasToken && <IconArrowRight size={20} />}
    >
      {hasToken ? 'Go to Dashboard' : 'Early Sign Up Live Now'}
    </Button>
  );
}
