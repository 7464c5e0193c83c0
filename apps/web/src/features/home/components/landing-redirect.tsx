import { useEffect } from 'react';
import { useAppConfig } from '@/lib/session/app-config';
import { logout } from '@/lib/session/logout';
import { welcomeLink } from '@/lib/session/welcome';
import { useSignedInUser } from '../api/get-signed-in-user';

/**
 * The logged-in redirect of landing pages (document 1 section 4): account type 2 goes to the customer
 * welcome link, 1 to the dealer's, 0 to the corporate one; any other type is signed out. Runs after render,
 * so a visitor sees the page at once while the check is under way. A component of its own, rendering nothing,
 * so that the check's progress never re-renders the page around it.
 */
export function LandingRedirect() {
  const { data: user } = useSignedInUser();
  const { data: config } = useAppConfig();
  useEffect(() => {
    if (!user || !config) return;
    const link = welcomeLink(config, user);
    if (link) window.location.replace(link);
    else logout(config, user);
  }, [user, config]);
  return null;
}
