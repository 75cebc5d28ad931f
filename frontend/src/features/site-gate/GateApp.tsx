import { StrictMode } from 'react';
import { Providers } from '../../app/providers';
import { SiteGatePage } from './pages/SiteGatePage';
import { forgetSiteUnlock } from './services/site-gate.service';

/** The whole app while the site is locked: only the gate, none of the site's routes. */
export function GateApp() {
  return (
    <StrictMode>
      <Providers>
        <SiteGatePage />
      </Providers>
    </StrictMode>
  );
}

export { forgetSiteUnlock };
