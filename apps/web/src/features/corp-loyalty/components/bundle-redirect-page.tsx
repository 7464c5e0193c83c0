import { Navigate } from 'react-router';

/** /ui/corp/loyalty/bundle goes to the bundles tab (document 3 section 2). */
export default function BundleRedirectPage() {
  return <Navigate to="/corp/loyalty?tab=bundles" replace />;
}
