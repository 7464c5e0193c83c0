import { Navigate } from 'react-router';

/** /ui/corp/loyalty/bundle goes to the bundles tab (LOY-01). */
export default function BundleRedirectPage() {
  return <Navigate to="/corp/loyalty?tab=bundles" replace />;
}
