import { useEffect } from 'react';
import { useAppConfig } from '@/lib/session/app-config';
import { welcomeLink } from '@/lib/session/welcome';
import { useSignedInUser } from '../api/get-signed-in-user';

/**
 * The welcome link with this page's MESSAGE carried along: a call refused with 403 (209 lacking privileges)
 * sends a signed-in user to /ui/home?MESSAGE=209 (APP-11), and the message must stay visible
 * on the page where the user lands.
 */
function withMessage(link: string): string {
  const message = new URLSearchParams(window.location.search).get('MESSAGE');
  if (!message) return link;
  return `${link}${link.includes('?') ? '&' : '?'}MESSAGE=${encodeURIComponent(message)}`;
}

/**
 * The logged-in redirect of landing pages (APP-11): account type 2 goes to the customer
 * welcome link, 1 to the dealer's, 0 to the corporate one; any other type is signed out. Runs after render,
 * so a visitor sees the page at once while the check is under way. A component of its own, rendering nothing,
 * so that the check's progress never re-renders the page around it. The sign-out code loads only when it is
 * needed: the landing page's JavaScript budget (issue 3) has no room for what nearly no visitor uses.
 */
export function LandingRedirect() {
  const { data: user } = useSignedInUser();
  const { data: config } = useAppConfig();
  useEffect(() => {
    if (!user || !config) return;
    const link = welcomeLink(config, user);
    if (link) window.location.replace(withMessage(link));
    else void import('@/lib/session/logout').then(({ logout }) => logout(config, user));
  }, [user, config]);
  return null;
}
